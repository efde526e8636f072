package driver

import (
	"errors"
	"time"

	"github.com/xarchlab/xarch/wire"
)

// Session is a runner on one target that comes back after a crash: the
// failing request is reported, the next one gets a fresh runner.
type Session struct {
	Target   Target
	Timeout  time.Duration // per request
	r        *Runner
	Restarts int
}

// NewSession starts the first runner (so launch errors surface at once).
func NewSession(t Target, timeout time.Duration) (*Session, error) {
	s := &Session{Target: t, Timeout: timeout}
	if err := s.ensure(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Session) ensure() error {
	if s.r != nil {
		return nil
	}
	// Starting under qemu takes longer than a request; give it headroom.
	r, err := Start(s.Target, s.Timeout+30*time.Second)
	if err != nil {
		return err
	}
	s.r = r
	return nil
}

// Info is the runner's hello answer.
func (s *Session) Info() wire.Info {
	if s.r == nil {
		s.ensure()
	}
	if s.r == nil {
		return wire.Info{}
	}
	return s.r.Info
}

// Call sends one request, restarting the runner first if the last one died.
func (s *Session) Call(args ...[]byte) ([][]byte, error) {
	if s.r == nil {
		s.Restarts++
		if err := s.ensure(); err != nil {
			return nil, err
		}
	}
	out, err := s.r.Call(s.Timeout, args...)
	var ce *CrashError
	if errors.As(err, &ce) {
		s.r = nil
	}
	return out, err
}

// Close stops the runner.
func (s *Session) Close() {
	if s.r != nil {
		s.r.Close()
		s.r = nil
	}
}
