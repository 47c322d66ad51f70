import NIOCore

/// A piece of the word index as rows of COPY's binary format (`BinaryCopy`), as
/// `SearchWords.send` hands them over: every chunk of `words` (for
/// `search_word (id, word, positions)`) comes before the first of
/// `trigrams` (for `search_trigram (trigram, count, words)`).
enum WordTableChunk: Sendable {
    case words(ByteBuffer)
    case trigrams(ByteBuffer)
}
