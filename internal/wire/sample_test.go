package wire

import "math"

// A hand-written decoder of the sample arguments below, driving the
// Decoder's API directly, and a generic walker over any value. The differential,
// fuzz and benchmark tests drive the Decoder through them.

var negInf, posInf = math.Inf(-1), math.Inf(1)

// weatherArgs are the arguments of a sample tool.
type weatherArgs struct {
	City   string    `json:"city"`           // required, at least 1 character
	Unit   string    `json:"unit,omitempty"` // "c" or "f"
	Days   int       `json:"days"`           // required, 1 to 14
	Tags   []string  `json:"tags,omitempty"` // at most 5
	Where  *position `json:"where,omitempty"`
	Alerts *bool     `json:"alerts,omitempty"`
}

type position struct {
	Lat float64 `json:"lat"` // required, -90 to 90
	Lon float64 `json:"lon"` // -180 to 180
}

func decodeWeatherArgs(d *Decoder, args *weatherArgs) {
	if !d.Object() {
		return
	}
	var seenCity, seenDays bool
	for k, ok := d.Field(); ok; k, ok = d.Field() {
		switch string(k) {
		case "city":
			seenCity = true
			if v, ok := d.String(); ok {
				args.City = v
				d.CheckLength(v, 1, -1)
			}
		case "unit":
			if b, ok := d.StringBytes(); ok {
				switch string(b) {
				case "c":
					args.Unit = "c"
				case "f":
					args.Unit = "f"
				default:
					d.NotOneOf(b, `"c", "f"`)
				}
			}
		case "days":
			seenDays = true
			if v, ok := d.Int(1, 14); ok {
				args.Days = int(v)
			}
		case "tags":
			if _, ok := d.Array(); ok {
				var buf [8]string
				tags := buf[:0]
				for d.Elem() {
					if v, ok := d.String(); ok {
						tags = append(tags, v)
					}
				}
				d.CheckItems(len(tags), 0, 5)
				args.Tags = append(make([]string, 0, len(tags)), tags...)
			}
		case "where":
			if d.Null() {
				args.Where = nil
				continue
			}
			args.Where = new(position)
			decodePosition(d, args.Where)
		case "alerts":
			if d.Null() {
				args.Alerts = nil
				continue
			}
			if v, ok := d.Bool(); ok {
				args.Alerts = &v
			}
		default:
			d.Unknown(`"city", "unit", "days", "tags", "where", "alerts"`)
		}
	}
	if !seenCity {
		d.Missing("city")
	}
	if !seenDays {
		d.Missing("days")
	}
}

func decodePosition(d *Decoder, p *position) {
	if !d.Object() {
		return
	}
	var seenLat bool
	for k, ok := d.Field(); ok; k, ok = d.Field() {
		switch string(k) {
		case "lat":
			seenLat = true
			if v, ok := d.Float(-90, 90, 64); ok {
				p.Lat = v
			}
		case "lon":
			if v, ok := d.Float(-180, 180, 64); ok {
				p.Lon = v
			}
		default:
			d.Unknown(`"lat", "lon"`)
		}
	}
	if !seenLat {
		d.Missing("lat")
	}
}

// readWeather decodes args as a generated tool would.
func readWeather(args []byte) (weatherArgs, error) {
	var d Decoder
	var a weatherArgs
	d.Reset(args)
	decodeWeatherArgs(&d, &a)
	return a, d.Close()
}

// walk reads any value with the Decoder's typed methods.
func walk(d *Decoder) {
	switch d.Kind() {
	case KindObject:
		if d.Object() {
			for _, ok := d.Field(); ok; _, ok = d.Field() {
				walk(d)
			}
		}
	case KindArray:
		if _, ok := d.Array(); ok {
			for d.Elem() {
				walk(d)
			}
		}
	case KindString:
		d.String()
	case KindNumber:
		d.Float(negInf, posInf, 64)
	case KindBool:
		d.Bool()
	case KindNull:
		d.Null()
	default:
		d.Skip() // reports the syntax error
	}
}

// walkVerdict reads data with walk and returns Close's verdict.
func walkVerdict(data []byte) error {
	var d Decoder
	d.Reset(data)
	walk(&d)
	return d.Close()
}

// skipVerdict reads data with Skip alone.
func skipVerdict(data []byte) error {
	var d Decoder
	d.Reset(data)
	d.Skip()
	return d.Close()
}
