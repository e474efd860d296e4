package daytotals

// ReplaceDay is replaceDay, for the test of a day marked again while it is summed.
var ReplaceDay = replaceDay
