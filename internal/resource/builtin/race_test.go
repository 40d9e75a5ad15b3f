//go:build race

package builtin

// raceEnabled: the race detector changes what allocates.
const raceEnabled = true
