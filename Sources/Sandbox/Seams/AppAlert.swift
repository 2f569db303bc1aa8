/// An alert the app shows the user: the user has been told something went wrong.
public struct AppAlert: Sendable, Hashable, Codable {
    public var title: String
    public var message: String

    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }
}
