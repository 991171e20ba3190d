enum JSONPlaceholder {}
