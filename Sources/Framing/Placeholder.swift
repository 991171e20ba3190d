enum FramingPlaceholder {}
