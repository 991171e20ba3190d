import XCTest
@testable import Framing
final class FramingPlaceholderTests: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
