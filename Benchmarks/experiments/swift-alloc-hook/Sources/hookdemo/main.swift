import CHook
final class Node { var value = 0; var next: Node?; init(_ v: Int) { value = v } }
hook_install()
func build() -> Node? {
    hook_placing(1); defer { hook_placing(0) }
    var head: Node? = nil
    for i in 0..<10 { let n = Node(i); n.next = head; head = n }
    return head
}
var head = build()
var sum = 0; var p = head; while let n = p { sum += n.value; p = n.next }
print("sum", sum, "placed", hook_placed())
head = nil; p = nil
print("freed", hook_freed())
