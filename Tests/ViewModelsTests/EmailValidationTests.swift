import ViewModels
import XCTest

final class EmailValidationTests: XCTestCase {
    /// The spec's rule, as a regex, to check the hand-written matcher against.
    private let rule = /[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}/

    private let table = [
        "lisa@rules.com", "lisa@rules", "chris@gmail.com", "a@b.co", "a@b.c", "@b.com", "a@.com",
        "a@b..com", "a.b+c%d-e_f@x-y.z.museum", "a@b.c0m", "a@b.com.", "a@@b.com", "a b@c.com",
        "a@b_c.com", "A@B.COM", "é@b.com", "a@b.é", "", "a@b.cc" + String(repeating: "c", count: 62),
        "a@b.c" + String(repeating: "c", count: 64), "x@y.z.ab", "x@-.ab", "x@..ab", "a@b.com\n",
    ]

    func testMatcherAgreesWithTheRegexOnEveryCase() {
        for email in table {
            let expected = (try? rule.wholeMatch(in: email)) != nil
            XCTAssertEqual(isValidEmail(email), expected, "disagreement on \(email.debugDescription)")
        }
    }

    func testKnownAnswers() {
        XCTAssertTrue(isValidEmail("lisa@rules.com"))
        XCTAssertFalse(isValidEmail("lisa@rules"))
        XCTAssertTrue(isValidEmail("x@y.z.ab"), "dots are allowed in the domain before the last one")
        XCTAssertFalse(isValidEmail("a@b.c"), "the top-level part needs two letters")
    }
}
