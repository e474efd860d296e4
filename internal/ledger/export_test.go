package ledger

// SetCopySizes sets the size of the COPY export's chunks and how many it
// reads ahead, until the returned func runs.
func SetCopySizes(chunk, ahead int) (restore func()) {
	oldChunk, oldAhead := copyChunk, copyAhead
	copyChunk, copyAhead = chunk, ahead
	return func() { copyChunk, copyAhead = oldChunk, oldAhead }
}

// SetPieces sets the rows of SQLite's export pieces and how many are read
// at once, until the returned func runs.
func SetPieces(rows, readers int) (restore func()) {
	oldRows, oldReaders := pieceRows, pieceReaders
	pieceRows, pieceReaders = rows, readers
	return func() { pieceRows, pieceReaders = oldRows, oldReaders }
}
