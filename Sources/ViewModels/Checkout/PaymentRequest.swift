/// What the view should put on the payment sheet (Apple Pay's `PKPaymentRequest`, reduced to
/// the fields that depend on the product and the merchant).
///
/// Wire form (key order as declared):
/// `{"label":"Switchboard T-shirt","amount":2500,"currency":"USD","countryCode":"US","merchantIdentifier":"merchant.switchboard"}`.
/// Card networks and merchant capabilities are the client's own configuration, not the view
/// model's, so they are not part of the request.
public struct PaymentRequest: Equatable, Sendable, Codable {
    /// The one summary line the sheet shows: the product's name.
    public var label: String
    /// The amount to charge, in the currency's minor unit (cents), as in `Product`.
    public var amount: Int
    /// ISO 4217 currency code, the product's.
    public var currency: String
    /// ISO 3166 country code of the merchant (where the payment is processed).
    public var countryCode: String
    /// The merchant identifier registered with Apple Pay.
    public var merchantIdentifier: String

    /// A request with every field given.
    public init(label: String, amount: Int, currency: String, countryCode: String, merchantIdentifier: String) {
        self.label = label
        self.amount = amount
        self.currency = currency
        self.countryCode = countryCode
        self.merchantIdentifier = merchantIdentifier
    }

    /// The request for buying `product` from Switchboard's merchant.
    public init(
        product: Product,
        countryCode: String = PaymentRequest.defaultCountryCode,
        merchantIdentifier: String = PaymentRequest.defaultMerchantIdentifier
    ) {
        self.init(
            label: product.name,
            amount: product.amount,
            currency: product.currency,
            countryCode: countryCode,
            merchantIdentifier: merchantIdentifier
        )
    }

    /// Switchboard's merchant identifier: "merchant.switchboard".
    public static let defaultMerchantIdentifier = "merchant.switchboard"
    /// The merchant's country: "US".
    public static let defaultCountryCode = "US"
}
