extension QueryLanguage {
    /// Where the property name `name` first appears in `text` (as a bare or backtick-quoted
    /// word), as a 1-based line and column; nil when it does not appear or the text does not
    /// lex. Validators use it to point at an unknown property in a query that parsed.
    ///
    ///     QueryLanguage.position(ofName: "colour", in: "age > 3 AND colour == 'red'")  // (1, 13)
    package static func position(ofName name: String, in text: String) -> (line: Int, column: Int)? {
        let source = SourceText(Array(text.utf8))
        var lexer = Lexer(source)
        while let token = try? lexer.next() {
            switch token.kind {
            case .end: return nil
            case .word(let word) where word == name, .quotedName(let word) where word == name:
                return source.lineAndColumn(of: token.start)
            default: continue
            }
        }
        return nil
    }
}
