//go:build !layoutcheck

package shared

// WaveArgs are the arguments of Wave. Built with the tag layoutcheck, it
// has another layout (wave_changed.go), as if it had changed since
// tools_gen.go was generated: tools_gen.go must then not compile, since
// WaveArgs shares GreetArgs's table.
type WaveArgs struct {
	Name  string `json:"name" toolgen:"minLength=1,maxLength=20"` // who to wave at
	Times int    `json:"times,omitempty" toolgen:"min=1,max=3"`   // how many times
}
