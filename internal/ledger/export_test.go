package ledger

// SetCopySizes sets the size of the COPY export's chunks and how many it
// reads ahead, until the returned func runs.
func SetCopySizes(chunk, ahead int) (restore func()) {
	oldChunk, oldAhead := copyChunk, copyAhead
	copyChunk, copyAhead = chunk, ahead
	return func() { copyChunk, copyAhead = oldChunk, oldAhead }
}
