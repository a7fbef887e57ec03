package fidelity

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

// The reference for unions: encoding/json cannot read an interface, so
// these types read each union by hand as a user of encoding/json would,
// each member with encoding/json through its own type (unknown members
// refused, as toolgen does), and write the member's own JSON, with the tag
// added in the tagged form. The differential test reads arguments into
// unionsRef and compares its Go value (goValue) with what the generated
// decoder read, and compares the generated encoder with unionsRef's JSON.

type unionsRef struct {
	S    shapeRef   `json:"s"`
	Ss   []shapeRef `json:"ss,omitempty"`
	K    keyRef     `json:"k"`
	Opt  *shapeRef  `json:"opt,omitempty"`
	Keys []keyRef   `json:"keys,omitempty"`
}

func (r *unionsRef) goValue() any {
	out := Unions{S: r.S.v, K: r.K.v}
	for _, s := range r.Ss {
		out.Ss = append(out.Ss, s.v)
	}
	if r.Opt != nil {
		out.Opt = r.Opt.v
	}
	for _, k := range r.Keys {
		out.Keys = append(out.Keys, k.v)
	}
	return out
}

func unionsRefOf(u Unions) unionsRef {
	r := unionsRef{S: shapeRef{u.S}, K: keyRef{u.K}}
	for _, s := range u.Ss {
		r.Ss = append(r.Ss, shapeRef{s})
	}
	if u.Opt != nil {
		r.Opt = &shapeRef{u.Opt}
	}
	for _, k := range u.Keys {
		r.Keys = append(r.Keys, keyRef{k})
	}
	return r
}

// goOf is the Go value a document read into v stands for: v itself, or the
// value a reference type stands for.
func goOf(v any) reflect.Value {
	if r, ok := v.(interface{ goValue() any }); ok {
		return reflect.ValueOf(r.goValue())
	}
	return reflect.ValueOf(v).Elem()
}

// referenceOf is what encoding/json is given for a returned value: its
// reference type where it holds unions.
func referenceOf(v any) any {
	if u, ok := v.(Unions); ok {
		return unionsRefOf(u)
	}
	return v
}

type shapeRef struct{ v Shape }

func (s *shapeRef) UnmarshalJSON(b []byte) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(b, &members); err != nil || members == nil {
		return errors.New("a shape is an object")
	}
	var kind string
	if err := json.Unmarshal(members["kind"], &kind); err != nil {
		return fmt.Errorf("kind: %v", err)
	}
	delete(members, "kind")
	rest, _ := json.Marshal(members)
	switch kind {
	case "circle":
		var c Circle
		err := decodeStrict(rest, &c)
		s.v = c
		return err
	case "rect":
		var r Rect
		err := decodeStrict(rest, &r)
		s.v = &r
		return err
	case "polygon":
		var p Poly
		err := decodeStrict(rest, &p)
		s.v = p
		return err
	}
	return fmt.Errorf("unknown kind %q", kind)
}

func (s shapeRef) MarshalJSON() ([]byte, error) {
	var kind string
	switch s.v.(type) {
	case nil:
		return []byte("null"), nil
	case Circle, *Circle:
		kind = "circle"
	case *Rect:
		kind = "rect"
	case Poly, *Poly:
		kind = "polygon"
	}
	own, err := json.Marshal(s.v)
	if err != nil {
		return nil, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(own, &members); err != nil {
		return nil, err
	}
	members["kind"], _ = json.Marshal(kind)
	return json.Marshal(members)
}

type keyRef struct{ v UKey }

func (k *keyRef) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	var err error
	switch {
	case len(b) == 0:
		return errors.New("no value")
	case b[0] == '"':
		var v KeyName
		err = json.Unmarshal(b, &v)
		k.v = v
	case b[0] == '{':
		var v KeyPair
		err = decodeStrict(b, &v)
		k.v = v
	case b[0] == 't' || b[0] == 'f':
		var v KeyFlag
		err = json.Unmarshal(b, &v)
		k.v = v
	case b[0] == '[':
		var v KeyList
		err = json.Unmarshal(b, &v)
		k.v = v
	case b[0] == 'n':
		return errors.New("null is no key")
	default:
		var v KeyNum
		err = json.Unmarshal(b, &v)
		k.v = v
	}
	return err
}

func (k keyRef) MarshalJSON() ([]byte, error) { return json.Marshal(k.v) }
