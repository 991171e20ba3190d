extension SearchViewModel {
    /// The built-in word list: a small fruit bowl.
    public static let fruits = [
        "apple", "apricot", "avocado", "banana", "blackberry", "blueberry", "cherry", "coconut",
        "cranberry", "date", "fig", "grape", "grapefruit", "guava", "kiwi", "lemon", "lime",
        "mango", "melon", "nectarine", "orange", "papaya", "peach", "pear", "pineapple", "plum",
        "raspberry", "strawberry",
    ]
}
