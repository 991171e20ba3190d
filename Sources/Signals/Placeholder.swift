enum SignalsPlaceholder {}
