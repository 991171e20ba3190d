import ViewModels

/// The friends data file as the command line sees it: checked at start, and converted from the
/// JSON format of earlier versions.
public enum FriendsDataFile {
    /// Why `path` cannot be the friends database, in one sentence naming it, or nil when it can
    /// (it is created, 0600, with the sample friends, if it did not exist). The daemon and the
    /// REPL check `--data-file` with this before serving, and exit 64 on a problem.
    public static func problem(with path: String) -> String? {
        do throws(FriendsStorageFailure) {
            _ = try SQLiteFriendsStorage(path: path)
            return nil
        } catch {
            return error.description
        }
    }

    /// Why the PostgreSQL database `url` names cannot be the friends database (the server
    /// cannot be reached, the credentials are refused, its schema is newer), in one sentence
    /// that names the database but never a password; nil when it can (its schema is created).
    /// The daemon and the REPL check `--database` with this before serving, and exit 69.
    public static func databaseProblem(with url: String) -> String? {
        do throws(FriendsStorageFailure) {
            _ = try PostgresFriendsStorage(url: url)
            return nil
        } catch {
            return error.description
        }
    }

    /// Copies the friends of `source` (a JSON data file of an earlier version, or a SQLite
    /// friends database) into a new SQLite database at `destination` or, with `database`, into
    /// the empty PostgreSQL database it names, in one transaction; ids and the next id are
    /// kept. Returns how many friends were imported.
    public static func importFriends(from source: String, intoFile destination: String?, database: String?) throws(FriendsStorageFailure) -> Int {
        let (friends, nextID) = try read(source)
        if let database {
            let storage = try PostgresFriendsStorage(url: database, seed: [])
            try storage.importFriends(friends, nextID: nextID)
        } else if let destination {
            let storage = try SQLiteFriendsStorage(path: destination, seed: [])
            try storage.importFriends(friends, nextID: nextID)
        } else {
            throw FriendsStorageFailure("give --data-file NEW.db or --database URL")
        }
        return friends.count
    }

    /// The friends of a JSON data file or a SQLite database, and the id that comes next.
    private static func read(_ source: String) throws(FriendsStorageFailure) -> (friends: [Friend], nextID: Int) {
        let loaded: LegacyFriendsFile.Contents?
        do throws(LegacyFriendsFile.Failure) {
            loaded = try LegacyFriendsFile(path: source).load()
        } catch {
            // Not JSON: a SQLite database of this program's, read as it is (opening it keeps it).
            guard SQLiteFriendsStorage.looksLikeDatabase(source) else { throw FriendsStorageFailure(error.description) }
            let database = try SQLiteFriendsStorage(path: source, seed: [])
            defer { database.close() }
            let friends = try database.list()
            return (friends, try database.nextID())
        }
        guard let contents = loaded else { throw FriendsStorageFailure("\(source): no such file") }
        return (contents.friends, contents.nextID)
    }
}
