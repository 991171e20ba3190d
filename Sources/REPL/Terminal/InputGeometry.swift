/// Where the prompt and the line being edited sit on the screen, in rows from the prompt's
/// first row, so the editor can erase them (async output) or step below them (completion
/// lists) without leaving pieces of a wrapped line behind.
struct InputGeometry: Equatable {
    /// The row the cursor is on.
    let cursorRow: Int
    /// The last row the input occupies.
    let lastRow: Int

    /// The rows of a prompt and line of these widths on a terminal `columns` wide. Like
    /// libedit, a row that is exactly full puts what follows on the next row.
    init(promptWidth: Int, widthBeforeCursor: Int, totalWidth: Int, columns: Int) {
        let columns = max(1, columns)
        cursorRow = (promptWidth + widthBeforeCursor) / columns
        lastRow = max(cursorRow, (promptWidth + totalWidth) / columns)
    }
}
