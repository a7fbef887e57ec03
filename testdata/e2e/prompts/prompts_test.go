package prompts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

func promptNamed(t *testing.T, name string) toolgen.Prompt {
	t.Helper()
	for _, p := range Prompts() {
		if p.Name == name {
			return p
		}
	}
	t.Fatalf("no prompt %s", name)
	return toolgen.Prompt{}
}

func TestGeneratedPrompts(t *testing.T) {
	reply := promptNamed(t, "reply")
	assert.Equal(t, "Reply drafts a reply to a message in a tone.", reply.Description)
	assert.Equal(t, []toolgen.PromptArgument{
		{Name: "message", Description: "the message to answer", Required: true},
		{Name: "tone", Description: "how the reply sounds", Required: true, Values: []string{"calm", "cheerful", "curt"}},
	}, reply.Arguments)
	msgs, err := reply.Render(t.Context(), map[string]string{"message": "hi", "tone": "calm"})
	require.NoError(t, err)
	assert.Equal(t, toolgen.UserText("Reply calmly to: hi"), msgs)
	_, err = reply.Render(t.Context(), map[string]string{"message": "", "tone": "calm"})
	assert.EqualError(t, err, "nothing to reply to") // the function's own error, as it is
	_, err = reply.Render(t.Context(), map[string]string{"message": "hi", "tone": "angry"})
	assert.ErrorIs(t, err, toolgen.ErrBadArguments)

	msgs, err = promptNamed(t, "dialogue_of_two").Render(t.Context(), map[string]string{"first": "a", "second": "b"})
	require.NoError(t, err)
	require.Len(t, msgs, 2)
	assert.Equal(t, "assistant", msgs[1].Role)
	assert.Equal(t, "b", msgs[1].Content.Text)
}

func TestGeneratedResources(t *testing.T) {
	rs := Resources()
	require.Len(t, rs, 2)
	file, raw := rs[0], rs[1]
	assert.True(t, file.IsTemplate())
	assert.Equal(t, "text/plain", file.MIMEType)
	c, err := file.ReadURI(t.Context(), "mem://curt/files/a%2Fb.txt")
	require.NoError(t, err)
	assert.Equal(t, toolgen.ResourceContents{Text: "curt:a/b.txt"}, c)
	_, err = file.ReadURI(t.Context(), "mem://loud/files/a")
	assert.ErrorIs(t, err, toolgen.ErrInvalidResourceURI, "a value outside the enum's")
	_, err = file.ReadURI(t.Context(), "mem://calm/files/missing")
	assert.EqualError(t, err, "no such file")

	assert.False(t, raw.IsTemplate())
	c, err = raw.ReadURI(t.Context(), "mem://raw")
	require.NoError(t, err)
	assert.Equal(t, toolgen.ResourceContents{Blob: []byte{0, 1, 2}}, c)
}

func TestGeneratedOptionalArguments(t *testing.T) {
	greet := promptNamed(t, "greet")
	assert.Equal(t, []toolgen.PromptArgument{
		{Name: "name", Required: true},
		{Name: "tone", Description: "Tone is how a reply sounds.", Values: []string{"calm", "cheerful", "curt"}},
		{Name: "title"},
	}, greet.Arguments)
	for args, want := range map[*map[string]string]string{
		{"name": "Ada"}:                                 "Hello, Ada",
		{"name": "Ada", "tone": "calm"}:                 "Hello, Ada (calm)",
		{"name": "Ada", "title": "Dr.", "tone": "curt"}: "Hello, Dr. Ada (curt)",
		{"name": "Ada", "title": ""}:                    "Hello,  Ada", // given, though empty: not nil
	} {
		msgs, err := greet.Render(t.Context(), *args)
		require.NoError(t, err)
		assert.Equal(t, want, msgs[0].Content.Text, "%v", *args)
	}
	_, err := greet.Render(t.Context(), map[string]string{"name": "Ada", "tone": "loud"})
	assert.ErrorIs(t, err, toolgen.ErrBadArguments)
}
