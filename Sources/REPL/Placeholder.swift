// The REPL module; see REPL.swift once it exists.
enum REPLPlaceholder {}
