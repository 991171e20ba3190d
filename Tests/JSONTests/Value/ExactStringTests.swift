import JSON
import XCTest

/// `ExactString` compares and hashes by UTF-8 bytes, so canonically equivalent spellings are
/// different keys, and its hash is the hash of its bytes alone.
final class ExactStringTests: XCTestCase {
    func testCanonicallyEquivalentSpellingsAreDifferentKeys() {
        XCTAssertEqual("\u{e9}", "e\u{301}", "String's == merges them")
        XCTAssertNotEqual(ExactString("\u{e9}"), ExactString("e\u{301}"))
        let table: [ExactString: Int] = [ExactString("\u{e9}"): 1, ExactString("e\u{301}"): 2]
        XCTAssertEqual(table.count, 2)
        XCTAssertEqual(table[ExactString("e\u{301}")], 2)
    }

    /// The hash is the bytes fed to the hasher and nothing else: the same as feeding them one
    /// by one (what the path for non-contiguous storage does), so equal strings hash alike
    /// whichever path they take.
    func testTheHashIsTheHashOfTheBytesAlone() {
        for text in ["", "signup", "e\u{301}", "s12345", String(repeating: "ü", count: 40)] {
            var byBytes = Hasher()
            for byte in text.utf8 { byBytes.combine(byte) }
            XCTAssertEqual(ExactString(text).hashValue, byBytes.finalize(), text)
        }
    }

    /// A string against raw bytes (`bytesEqual(_:_:)` for bytes read in place): equal only for
    /// the very same bytes.
    func testAStringEqualsExactlyItsOwnBytes() {
        func equal(_ string: String, _ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBytes { bytesEqual(string, $0) }
        }
        XCTAssertTrue(equal("s12345", Array("s12345".utf8)))
        XCTAssertTrue(equal("", []), "both empty")
        XCTAssertFalse(equal("s1234", Array("s12345".utf8)), "a prefix")
        XCTAssertFalse(equal("s12345", Array("s12346".utf8)))
        XCTAssertFalse(equal("\u{e9}", Array("e\u{301}".utf8)), "canonically equivalent, other bytes")
        XCTAssertTrue(equal("e\u{301}", Array("e\u{301}".utf8)))
        let long = "a string of more than fifteen bytes, kept in storage of its own"
        XCTAssertTrue(equal(long, Array(long.utf8)), "a string with storage, read in place")
        XCTAssertFalse(equal(long, Array(long.utf8.dropLast())))
    }

    /// Two byte buffers: equal only when they hold the same bytes, however they are located;
    /// empty buffers (whose base address may be nil) are equal.
    func testTwoBuffersAreEqualExactlyWhenTheirBytesAre() {
        func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
            a.withUnsafeBytes { a in b.withUnsafeBytes { b in bytesEqual(a, b) } }
        }
        XCTAssertTrue(equal(Array("abc".utf8), Array("abc".utf8)))
        XCTAssertFalse(equal(Array("abc".utf8), Array("abd".utf8)))
        XCTAssertFalse(equal(Array("ab".utf8), Array("abc".utf8)), "a prefix")
        XCTAssertFalse(equal([], Array("a".utf8)))
        XCTAssertTrue(equal([], []), "both empty")
        XCTAssertTrue(bytesEqual(UnsafeRawBufferPointer(start: nil, count: 0), UnsafeRawBufferPointer(start: nil, count: 0)))
        XCTAssertFalse(equal(Array("\u{e9}".utf8), Array("e\u{301}".utf8)), "canonically equivalent, other bytes")
    }
}
