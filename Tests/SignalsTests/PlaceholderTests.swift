import XCTest
@testable import Signals
final class SignalsPlaceholderTests: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
