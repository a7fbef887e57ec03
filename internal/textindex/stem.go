package textindex

import "strings"

// Stem returns the stem of a lower-case word: Porter's steps 1 and 5 (see
// the package doc). A word of two letters or fewer, or with anything but
// ASCII letters, is returned as it is.
func Stem(w string) string {
	if len(w) <= 2 || !asciiLetters(w) {
		return w
	}
	w = step1a(w)
	w = step1b(w)
	w = step1c(w)
	return step5(w)
}

func asciiLetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// consonant reports whether w[i] is a consonant in Porter's sense: a letter
// other than a, e, i, o, u, and other than a y after a consonant.
func consonant(w string, i int) bool {
	switch w[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		return i == 0 || !consonant(w, i-1)
	}
	return true
}

// measure is Porter's m: the number of vowel-consonant sequences in w,
// written [C](VC)^m[V].
func measure(w string) int {
	m, i := 0, 0
	for i < len(w) && consonant(w, i) {
		i++
	}
	for i < len(w) {
		for i < len(w) && !consonant(w, i) {
			i++
		}
		if i == len(w) {
			break
		}
		for i < len(w) && consonant(w, i) {
			i++
		}
		m++
	}
	return m
}

func hasVowel(w string) bool {
	for i := range len(w) {
		if !consonant(w, i) {
			return true
		}
	}
	return false
}

// doubleConsonant reports whether w ends in two equal consonants.
func doubleConsonant(w string) bool {
	n := len(w)
	return n >= 2 && w[n-1] == w[n-2] && consonant(w, n-1)
}

// cvc reports whether w ends consonant-vowel-consonant, the last not w, x
// or y (a short syllable, as in hop or fil).
func cvc(w string) bool {
	n := len(w)
	if n < 3 || !consonant(w, n-3) || consonant(w, n-2) || !consonant(w, n-1) {
		return false
	}
	c := w[n-1]
	return c != 'w' && c != 'x' && c != 'y'
}

// step1a undoes plurals.
func step1a(w string) string {
	switch {
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "ies"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ss"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}

// step1b undoes -eed, -ed and -ing.
func step1b(w string) string {
	if stem, ok := strings.CutSuffix(w, "eed"); ok {
		if measure(stem) > 0 {
			return w[:len(w)-1]
		}
		return w
	}
	stem, ok := strings.CutSuffix(w, "ed")
	if !ok {
		stem, ok = strings.CutSuffix(w, "ing")
	}
	if !ok || !hasVowel(stem) {
		return w
	}
	switch {
	case strings.HasSuffix(stem, "at"), strings.HasSuffix(stem, "bl"), strings.HasSuffix(stem, "iz"):
		return stem + "e"
	case doubleConsonant(stem):
		if c := stem[len(stem)-1]; c != 'l' && c != 's' && c != 'z' {
			return stem[:len(stem)-1]
		}
	case measure(stem) == 1 && cvc(stem):
		return stem + "e"
	}
	return stem
}

// step1c turns a final y after a vowel-bearing stem into i.
func step1c(w string) string {
	if stem, ok := strings.CutSuffix(w, "y"); ok && hasVowel(stem) {
		return stem + "i"
	}
	return w
}

// step5 drops a final e and undoubles a final ll.
func step5(w string) string {
	if stem, ok := strings.CutSuffix(w, "e"); ok {
		if m := measure(stem); m > 1 || m == 1 && !cvc(stem) {
			w = stem
		}
	}
	if strings.HasSuffix(w, "ll") && measure(w) > 1 {
		w = w[:len(w)-1]
	}
	return w
}
