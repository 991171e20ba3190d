import XCTest
@testable import JSON
final class JSONPlaceholderTests: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
