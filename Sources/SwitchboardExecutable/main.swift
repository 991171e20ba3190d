import Catalog
import Switchboard

// `switchboard`: Switchboard's command line on the built-in view models, with the friends
// store's own `friends` command.
Switchboard.main(Application(
    identity: .switchboard,
    registry: BuiltinCatalog.registry(),
    abstract: "Drive Kickstarter-style view models over JSON-RPC 2.0 on stdin/stdout.",
    exampleRequest: #"{"jsonrpc":"2.0","id":1,"method":"signup.viewDidLoad"}"#,
    commands: [FriendsCommand.self],
    dataFileProblem: { FriendsDataFile.problem(with: $0) },
    databaseProblem: { FriendsDataFile.databaseProblem(with: $0) }
))
