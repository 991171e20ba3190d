// The entry point only hands off: the command types own parsing and validation.
Switchboard.main()
