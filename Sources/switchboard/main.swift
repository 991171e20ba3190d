print("switchboard: not yet")
