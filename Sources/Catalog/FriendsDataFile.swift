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

    /// Converts the JSON data file at `source` into a new database at `destination`, in one
    /// transaction; ids and the next id are kept. Returns how many friends were imported.
    public static func importJSON(from source: String, into destination: String) throws(FriendsStorageFailure) -> Int {
        let loaded: LegacyFriendsFile.Contents?
        do throws(LegacyFriendsFile.Failure) {
            loaded = try LegacyFriendsFile(path: source).load()
        } catch {
            throw FriendsStorageFailure(error.description)
        }
        guard let contents = loaded else { throw FriendsStorageFailure("\(source): no such file") }
        let storage = try SQLiteFriendsStorage(path: destination, seed: [])
        try storage.importFriends(contents.friends, nextID: contents.nextID)
        return contents.friends.count
    }
}
