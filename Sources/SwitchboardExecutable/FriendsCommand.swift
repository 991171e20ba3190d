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
            abstract: "Copy a friends file (JSON of an earlier version, or a SQLite database) into a new SQLite database or a PostgreSQL one.",
            // The parser lists every option in the usage line unless told otherwise.
            usage: "switchboard friends import <source> [<options>]",
            discussion: "The target must be new or hold no friends. Ids and the next id are kept; everything happens in one transaction. The source is only read."
        )

        @Argument(help: "The JSON data file or SQLite database to read.")
        var source: String

        @Option(name: .customLong("data-file"), help: "The SQLite database to create (or an empty one).")
        var dataFile: String?

        @Option(name: .customLong("database"), help: "The PostgreSQL database to fill, as a libpq URL (postgresql://user@host:port/db); PGPASSWORD and the other PG* variables fill what it leaves out.")
        var database: String?

        func validate() throws {
            guard (dataFile == nil) != (database == nil) else {
                throw ValidationError("give one target: --data-file NEW.db or --database URL")
            }
        }

        func run() throws {
            do throws(FriendsStorageFailure) {
                let count = try FriendsDataFile.importFriends(from: source, intoFile: dataFile, database: database)
                let target = dataFile ?? PostgresFriendsStorage.describe(database ?? "")
                print("imported \(count) friend\(count == 1 ? "" : "s") from \(source) into \(target)")
            } catch {
                try? FileDescriptor.standardError.writeAll(Array("switchboard friends import: \(error)\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}
