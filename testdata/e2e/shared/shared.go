// Package shared holds tools made from one template, whose arguments and
// results have one layout: their generated Call is toolimpl.Caller (or
// CallerOK) instantiated with their types, one dispatch function for all of
// them, while Stats, of a layout of its own, keeps a function of its own.
// The results of each form the tables dispatch are here, shared or not: a
// struct, a pointer to one (Lookup, Find, Inspect), a string (Shout,
// Whisper, Describe) and only an error (Forget, Remember, Ping), and tools
// that take no arguments (Now, Later, Ping). Tools whose functions do not
// have Caller's form share it through an adapter: separate parameters
// (Sum, Product), no context or error (Echo), a pointer to the arguments
// (Mirror), none (Now, Later).
package shared

//go:generate go tool toolgen

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// GreetArgs are the arguments of Greet.
type GreetArgs struct {
	Name  string `json:"name" toolgen:"minLength=1,maxLength=20"` // who to greet
	Times int    `json:"times,omitempty" toolgen:"min=1,max=3"`   // how many times
}

// GreetResult is what Greet says.
type GreetResult struct {
	Text string `json:"text"`
}

// Greet greets someone.
//
//toolgen:tool
func Greet(ctx context.Context, in GreetArgs) (GreetResult, error) {
	if in.Name == "panic" {
		panic("greet was asked to panic")
	}
	return GreetResult{Text: strings.Repeat("hello "+in.Name+". ", max(in.Times, 1))}, nil
}

// WaveResult is what Wave does.
type WaveResult struct {
	Text string `json:"text"`
}

// Wave waves at someone.
//
//toolgen:tool
func Wave(ctx context.Context, in WaveArgs) (WaveResult, error) {
	if in.Name == "nobody" {
		return WaveResult{}, errors.New("there is nobody to wave at")
	}
	return WaveResult{Text: strings.Repeat("*waves at "+in.Name+"* ", max(in.Times, 1))}, nil
}

// Forgotten records the names Forget and Remember were given.
var Forgotten = make(chan string, 16)

// NameArgs name someone.
type NameArgs struct {
	Name string `json:"name"` // the name
}

// OtherNameArgs name someone too.
type OtherNameArgs struct {
	Name string `json:"name"` // the name
}

// Forget forgets someone.
//
//toolgen:tool
func Forget(ctx context.Context, in NameArgs) error {
	Forgotten <- "forget " + in.Name
	return nil
}

// Remember remembers someone.
//
//toolgen:tool
func Remember(ctx context.Context, in OtherNameArgs) error {
	if in.Name == "" {
		return errors.New("remember whom?")
	}
	Forgotten <- "remember " + in.Name
	return nil
}

// StatsArgs are the arguments of Stats.
type StatsArgs struct {
	Values []float64 `json:"values" toolgen:"minItems=1"` // the values
}

// StatsResult sums up values.
type StatsResult struct {
	Sum  float64 `json:"sum"`
	Mean float64 `json:"mean"`
}

// Stats sums up values.
//
//toolgen:tool
func Stats(ctx context.Context, in StatsArgs) (StatsResult, error) {
	var s float64
	for _, v := range in.Values {
		s += v
	}
	return StatsResult{Sum: s, Mean: s / float64(len(in.Values))}, nil
}

// Card is what Lookup finds.
type Card struct {
	Name string `json:"name"`
	Age  int    `json:"age"`
}

// Person is what Find finds.
type Person struct {
	Name string   `json:"name"`
	Tags []string `json:"tags"`
}

// Lookup looks someone up; nobody has no card.
//
//toolgen:tool
func Lookup(ctx context.Context, in NameArgs) (*Card, error) {
	if in.Name == "nobody" {
		return nil, nil
	}
	return &Card{Name: in.Name, Age: 42}, nil
}

// Find finds someone; nobody is not found. Its result is another type than
// Lookup's, but a pointer all the same, so the two share a dispatch function.
//
//toolgen:tool
func Find(ctx context.Context, in OtherNameArgs) (*Person, error) {
	if in.Name == "nobody" {
		return nil, nil
	}
	return &Person{Name: in.Name, Tags: []string{"found"}}, nil
}

// Inspect sums up values, as Stats, through a pointer; none is no result.
//
//toolgen:tool
func Inspect(ctx context.Context, in StatsArgs) (*StatsResult, error) {
	if len(in.Values) == 1 && in.Values[0] == 0 {
		return nil, nil
	}
	r, err := Stats(ctx, in)
	return &r, err
}

// Clock is what Now tells.
type Clock struct {
	Hour   int `json:"hour"`
	Minute int `json:"minute"`
}

// Now tells the time, which is always half past ten.
//
//toolgen:tool
func Now(ctx context.Context) (Clock, error) { return Clock{Hour: 10, Minute: 30}, nil }

// Ping answers.
//
//toolgen:tool
func Ping(ctx context.Context) error {
	Forgotten <- "ping"
	return nil
}

// Mood is how Whisper says things.
type Mood string

// Shout shouts a name.
//
//toolgen:tool
func Shout(ctx context.Context, in NameArgs) (string, error) {
	if in.Name == "" {
		return "", errors.New("shout what?")
	}
	return strings.ToUpper(in.Name) + "!", nil
}

// Whisper whispers a name, in a Mood: a string all the same, so Whisper
// and Shout share a dispatch function.
//
//toolgen:tool
func Whisper(ctx context.Context, in OtherNameArgs) (Mood, error) {
	return Mood("psst, " + strings.ToLower(in.Name)), nil
}

// Describe describes values in words.
//
//toolgen:tool
func Describe(ctx context.Context, in StatsArgs) (string, error) {
	r, err := Stats(ctx, in)
	return fmt.Sprintf("%d values, %g in all", len(in.Values), r.Sum), err
}

// Total is a sum or a product.
type Total struct {
	Value int `json:"value"`
}

// Sum adds two numbers.
//
//toolgen:tool
func Sum(ctx context.Context, a, b int) (Total, error) { return Total{Value: a + b}, nil }

// Product multiplies two numbers; 13 is unlucky. Its parameters are Sum's,
// so the two share a dispatch function, each through an adapter.
//
//toolgen:tool
func Product(ctx context.Context, a, b int) (Total, error) {
	if a == 13 {
		panic("unlucky")
	}
	return Total{Value: a * b}, nil
}

// Echo repeats a name, with neither a context nor an error.
//
//toolgen:tool
func Echo(in NameArgs) Card { return Card{Name: in.Name} }

// Mirror repeats a name twice; it takes its arguments through a pointer.
//
//toolgen:tool
func Mirror(in *OtherNameArgs) Card { return Card{Name: in.Name + in.Name} }

// Later tells a later time than Now.
//
//toolgen:tool
func Later(ctx context.Context) (Clock, error) { return Clock{Hour: 23, Minute: 59}, nil }
