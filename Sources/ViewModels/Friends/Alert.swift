/// A one-button alert for the view to present (seed 004's `SingleButtonAlert`).
public struct Alert: Equatable, Sendable, Codable {
    /// The alert's title, e.g. "Could not save".
    public var title: String
    /// The user-facing explanation.
    public var message: String
    /// The button's label, e.g. "OK".
    public var button: String

    /// An alert.
    public init(title: String, message: String, button: String) {
        self.title = title
        self.message = message
        self.button = button
    }
}

extension Alert {
    /// A failed service call, explained with ``failureMessage(for:)`` and an "OK" button.
    static func failure(_ title: String, _ error: ServiceError) -> Alert {
        Alert(title: title, message: failureMessage(for: error), button: "OK")
    }
}
