@testable import Host
import XCTest

/// A definition finds an input by the exact UTF-8 bytes of its name (the request's method,
/// read in place by `Session.dispatch`), never by a prefix, a longer name or a canonically
/// equivalent spelling.
final class ViewModelDefinitionTests: XCTestCase {
    /// Names chosen to trip a careless comparison: one a prefix of the next, and two that are
    /// canonically equivalent but different bytes ("é" precomposed, then "e" with a combining
    /// acute accent), the longest past the 15 bytes a small string holds.
    private let names = ["inc", "increment", "\u{e9}", "e\u{301}", "aVeryLongInputNameOfManyBytes"]

    private var definition: ViewModelDefinition {
        ViewModelDeclaration<CounterViewModel>(
            "names",
            summary: "Inputs with awkward names.",
            make: { context throws(CreationFailure) in CounterViewModel(scheduler: context.scheduler, start: 0) },
            inputs: names.map { name in .input(name) { _ in } },
            outputs: []
        ).erased
    }

    private func index(_ name: String) -> Int? {
        var name = name
        return name.withUTF8 { definition.inputIndex(bytes: UnsafeRawBufferPointer($0)) }
    }

    func testEachNameIsFoundAtItsPosition() {
        for (position, name) in names.enumerated() {
            XCTAssertEqual(index(name), position, name)
        }
    }

    func testAPrefixALongerNameOrAnEquivalentSpellingIsNotFound() {
        for other in ["in", "incr", "incrementX", "increment ", "E\u{301}", "\u{e9}\u{301}", "aVeryLongInputNameOfManyByte", ""] {
            XCTAssertNil(index(other), other)
        }
        // The two spellings of "é" are different names, each found as itself.
        XCTAssertNotEqual(index("\u{e9}"), index("e\u{301}"))
    }

    func testATypeWithoutInputsFindsNothing() {
        let empty = ViewModelDeclaration<CounterViewModel>(
            "empty", summary: "No inputs.",
            make: { context throws(CreationFailure) in CounterViewModel(scheduler: context.scheduler, start: 0) },
            inputs: [], outputs: []
        ).erased
        for name in ["anything", ""] {
            var name = name
            XCTAssertNil(name.withUTF8 { empty.inputIndex(bytes: UnsafeRawBufferPointer($0)) })
        }
    }
}
