/// The user-facing text for a failed friends service call: the one place failure kinds
/// become words. A rejected request shows the service's own reason (it says what to fix);
/// every other kind has a fixed text, because the service's reason is written for developers.
func failureMessage(for error: ServiceError) -> String {
    switch error.kind {
    case .notFound: return "This friend no longer exists."
    case .unauthorized: return "You are not allowed to do that."
    case .unreachable: return "The server cannot be reached. Check your connection and try again."
    case .invalidRequest: return error.reason
    case .storage: return "Your change could not be saved."
    case .other: return "Something went wrong. Please try again."
    }
}
