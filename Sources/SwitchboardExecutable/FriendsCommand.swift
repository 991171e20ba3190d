import ArgumentParser
import Catalog
import SystemIO
import ViewModels

/// `switchboard friends import OLD.json --data-file NEW.db`: the one-time conversion of an
/// earlier version's JSON data file.
struct FriendsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "friends",
        abstract: "Manage the friends store's data file.",
        subcommands: [Import.self]
    )

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Convert a JSON friends file of an earlier version into a SQLite database.",
            discussion: "The database must be new or hold no friends. Ids and the next id are kept; everything happens in one transaction. The JSON file is only read."
        )

        @Argument(help: "The JSON data file to read.")
        var source: String

        @Option(name: .customLong("data-file"), help: "The database to create (or an empty one).")
        var dataFile: String

        func run() throws {
            do throws(FriendsStorageFailure) {
                let count = try FriendsDataFile.importJSON(from: source, into: dataFile)
                print("imported \(count) friend\(count == 1 ? "" : "s") from \(source) into \(dataFile)")
            } catch {
                try? FileDescriptor.standardError.writeAll(Array("switchboard friends import: \(error)\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}
