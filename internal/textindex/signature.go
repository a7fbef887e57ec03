package textindex

// An entry's signature is a Bloom filter of its terms, so that a search
// passes over most tools without looking for a term it cannot have: each
// term sets two bits, in 6 bits a term (one character of the base64url
// alphabet, bit j of character i being bit 6i+j), which lets through about
// 8% of the terms a tool does not have. A search checks a term's two bits
// by reading the two characters that hold them, without decoding the rest.

const sigAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// sigBits maps a signature character to its 6 bits; a character outside
// the alphabet reads as all bits set, so that a garbled signature never
// hides a term.
var sigBits = func() (t [256]byte) {
	for i := range t {
		t[i] = 0x3f
	}
	for i := range len(sigAlphabet) {
		t[sigAlphabet[i]] = byte(i)
	}
	return t
}()

// Term is a term to look up, with its hash.
type Term struct {
	text   string
	h1, h2 uint32
}

// NewTerm hashes term for lookups (FNV-1a, 64 bits: its halves place the
// term's two bits).
func NewTerm(term string) Term {
	h := uint64(14695981039346656037)
	for i := range len(term) {
		h ^= uint64(term[i])
		h *= 1099511628211
	}
	// FNV-1a mixes a short string's last bytes into the low bits only:
	// murmur3's finalizer spreads them over the 64 bits.
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return Term{text: term, h1: uint32(h), h2: uint32(h >> 32)}
}

// String returns the term.
func (t Term) String() string { return t.text }

// bit maps a hash to one of n bits (Lemire's multiply-shift reduction).
func bit(h uint32, n int) int { return int(uint64(h) * uint64(n) >> 32) }

// signature returns the signature of terms: one character a term (at
// least one).
func signature(terms []TermWeight) []byte {
	sig := make([]byte, max(len(terms), 1))
	n := len(sig) * 6
	for _, tw := range terms {
		t := NewTerm(tw.Term)
		for _, b := range [2]int{bit(t.h1, n), bit(t.h2, n)} {
			sig[b/6] |= 1 << (b % 6)
		}
	}
	for i, v := range sig {
		sig[i] = sigAlphabet[v]
	}
	return sig
}

// mayHave reports whether sig lets t through.
func mayHave(sig string, t Term) bool {
	n := len(sig) * 6
	if n == 0 {
		return true
	}
	b1, b2 := bit(t.h1, n), bit(t.h2, n)
	return sigBits[sig[b1/6]]>>(b1%6)&1 != 0 && sigBits[sig[b2/6]]>>(b2%6)&1 != 0
}
