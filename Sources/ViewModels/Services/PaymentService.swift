import JSON
import Signals

/// What checkout sells: a name, an amount in the currency's minor unit (cents), a currency.
public struct Product: Equatable, Sendable, Codable {
    /// The product's name, shown on the payment sheet.
    public var name: String
    /// The price in minor units (cents).
    public var amount: Int
    /// ISO 4217 currency code.
    public var currency: String

    /// A product.
    public init(name: String, amount: Int, currency: String) {
        self.name = name
        self.amount = amount
        self.currency = currency
    }

    /// The product checkout offers when none is given.
    public static let `default` = Product(name: "Switchboard T-shirt", amount: 2_500, currency: "USD")
}

/// The payment web service: charges a payment token for a product.
public protocol PaymentService {
    /// Processes `token` for `product`; completes on success, fails with the reason.
    func process(token: String, for product: Product) -> SignalProducer<Void, ServiceError>
}
