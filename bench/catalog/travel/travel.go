// Package travel is the travel and maps domain of the benchmark catalog:
// flights, hotels, rental cars and rides, trips and travel policy, visas and
// advisories, and maps (directions, geocoding, places, traffic, transit), in
// the manner of a corporate travel tool and Google Maps.
package travel

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/travel"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// Cabin is a flight's cabin class.
type Cabin string

const (
	Economy        Cabin = "economy"         // economy
	PremiumEconomy Cabin = "premium_economy" // premium economy
	Business       Cabin = "business"        // business
	First          Cabin = "first"           // first
)

// SeatPreference is the kind of seat a traveler prefers.
type SeatPreference string

const (
	Window SeatPreference = "window" // by the window
	Aisle  SeatPreference = "aisle"  // on the aisle
	NoPref SeatPreference = "any"    // no preference
)

// CarClass is a rental car category.
type CarClass string

const (
	CompactCar CarClass = "compact"  // small, 4 seats
	Midsize    CarClass = "midsize"  // 5 seats
	FullSize   CarClass = "fullsize" // 5 seats, larger trunk
	SUV        CarClass = "suv"      // sport utility vehicle
	Van        CarClass = "van"      // 7 to 9 seats
	Electric   CarClass = "electric" // battery electric
)

// TravelMode is how a route is traveled.
type TravelMode string

const (
	Driving   TravelMode = "driving"   // by car
	Walking   TravelMode = "walking"   // on foot
	Transit   TravelMode = "transit"   // by public transport
	Bicycling TravelMode = "bicycling" // by bicycle
)

// Avoid is a kind of road a route can avoid.
type Avoid string

const (
	Tolls    Avoid = "tolls"    // toll roads
	Highways Avoid = "highways" // motorways
	Ferries  Avoid = "ferries"  // ferries
)

// PlaceType is a category of place.
type PlaceType string

const (
	Restaurant  PlaceType = "restaurant"  // restaurants
	Cafe        PlaceType = "cafe"        // cafés
	Bar         PlaceType = "bar"         // bars
	GasStation  PlaceType = "gas_station" // fuel stations
	EVCharger   PlaceType = "ev_charger"  // electric-vehicle chargers
	Pharmacy    PlaceType = "pharmacy"    // pharmacies
	Hospital    PlaceType = "hospital"    // hospitals
	ATM         PlaceType = "atm"         // cash machines
	Parking     PlaceType = "parking"     // car parks
	Supermarket PlaceType = "supermarket" // grocery stores
)

// RideType is a ride-hailing product.
type RideType string

const (
	Standard RideType = "standard" // a car for up to 4
	XL       RideType = "xl"       // a car for up to 6
	Premium  RideType = "premium"  // a high-end car
	Shared   RideType = "shared"   // shared with other riders
)

// Location is a point on the map.
type Location struct {
	Lat float64 `json:"lat" toolgen:"min=-90,max=90"`
	Lng float64 `json:"lng" toolgen:"min=-180,max=180"`
}

// Passenger is a traveler on a booking.
type Passenger struct {
	GivenName  string    `json:"given_name"`
	FamilyName string    `json:"family_name"`
	BirthDate  time.Time `json:"birth_date"`
	// Passport is the passport number, needed on international flights.
	Passport *string `json:"passport,omitempty"`
	// LoyaltyNumber is the frequent-flyer number.
	LoyaltyNumber *string `json:"loyalty_number,omitempty"`
}

// FlightOffer is a priced itinerary.
type FlightOffer struct {
	ID        string    `json:"id"`
	Carrier   string    `json:"carrier"`
	Flights   []string  `json:"flights"`
	Departure time.Time `json:"departure"`
	Arrival   time.Time `json:"arrival"`
	Stops     int       `json:"stops"`
	Cabin     Cabin     `json:"cabin"`
	Price     float64   `json:"price"`
	Currency  string    `json:"currency"`
	InPolicy  bool      `json:"in_policy"`
}

// HotelOffer is a priced room.
type HotelOffer struct {
	ID         string   `json:"id"`
	Hotel      string   `json:"hotel"`
	Stars      int      `json:"stars"`
	Address    string   `json:"address"`
	Room       string   `json:"room"`
	Nightly    float64  `json:"nightly"`
	Total      float64  `json:"total"`
	Currency   string   `json:"currency"`
	Refundable bool     `json:"refundable"`
	Amenities  []string `json:"amenities,omitempty"`
}

// Booking is a confirmed reservation.
type Booking struct {
	Reference string    `json:"reference"`
	Kind      string    `json:"kind"`
	Summary   string    `json:"summary"`
	Start     time.Time `json:"start"`
	End       time.Time `json:"end"`
	Total     float64   `json:"total"`
	Currency  string    `json:"currency"`
}

// Route is a way from one place to another.
type Route struct {
	Summary         string   `json:"summary"`
	DistanceMeters  int      `json:"distance_meters"`
	DurationSeconds int      `json:"duration_seconds"`
	Steps           []string `json:"steps"`
}

// Place is a business or point of interest.
type Place struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Address  string   `json:"address"`
	Location Location `json:"location"`
	Rating   float64  `json:"rating,omitempty"`
	OpenNow  *bool    `json:"open_now,omitempty"`
	Phone    string   `json:"phone,omitempty"`
	Hours    []string `json:"hours,omitempty"`
}

// FlightSearch describes the flights to look for.
type FlightSearch struct {
	// Origin is an airport or city code, "SFO" or "LON".
	Origin      string    `json:"origin" toolgen:"pattern=^[A-Z]{3}$"`
	Destination string    `json:"destination" toolgen:"pattern=^[A-Z]{3}$"`
	DepartDate  time.Time `json:"depart_date"`
	// ReturnDate makes it a round trip.
	ReturnDate  *time.Time `json:"return_date,omitempty"`
	Adults      int        `json:"adults,omitempty" toolgen:"min=1,max=9,default=1"`
	Cabin       Cabin      `json:"cabin,omitempty"`
	NonstopOnly bool       `json:"nonstop_only,omitempty"`
	MaxPrice    *float64   `json:"max_price,omitempty"`
	// Airlines limits the results to these carriers' IATA codes, ["LH", "UA"].
	Airlines []string `json:"airlines,omitempty"`
}

// HotelSearch describes the rooms to look for.
type HotelSearch struct {
	// Near is a city, an address or a landmark.
	Near     string    `json:"near"`
	CheckIn  time.Time `json:"check_in"`
	CheckOut time.Time `json:"check_out"`
	Guests   int       `json:"guests,omitempty" toolgen:"min=1,max=8,default=1"`
	Rooms    int       `json:"rooms,omitempty" toolgen:"min=1,max=5,default=1"`
	// MaxNightly is the highest price per night.
	MaxNightly *float64 `json:"max_nightly,omitempty"`
	MinStars   *int     `json:"min_stars,omitempty" toolgen:"min=1,max=5"`
	// Amenities the hotel must have, ["gym", "free_wifi", "parking"].
	Amenities      []string `json:"amenities,omitempty"`
	RefundableOnly bool     `json:"refundable_only,omitempty"`
}

// SearchFlights finds flight offers between two airports on a date, one way or
// round trip.
//
//toolgen:tool readonly idempotent openworld
func SearchFlights(ctx context.Context, in FlightSearch) ([]FlightOffer, error) {
	return nil, errNotImplemented
}

// BookFlight books a flight offer for passengers and issues the tickets.
//
// Parameters:
//   - offer_id: the offer, from SearchFlights.
//   - passengers minItems=1: the travelers.
//   - seat_preference: the kind of seat to assign.
//
//toolgen:tool requires_approval openworld
func BookFlight(ctx context.Context, offerID string, passengers []Passenger, seatPreference *SeatPreference) (Booking, error) {
	return Booking{}, errNotImplemented
}

// GetFlightStatus returns a flight's departure and arrival times, gates,
// delays and cancellation.
//
// Parameters:
//   - flight_number: the airline code and number, "LH400".
//   - date: the day of departure.
//
//toolgen:tool readonly idempotent openworld
func GetFlightStatus(ctx context.Context, flightNumber string, date time.Time) (string, error) {
	return "", errNotImplemented
}

// ChangeFlight exchanges a booked flight for another offer, paying any fare
// difference.
//
// Parameters:
//   - booking_reference: the booking's reference (PNR), "X7K2QP".
//   - new_offer_id: the offer to change to.
//
//toolgen:tool requires_approval openworld
func ChangeFlight(ctx context.Context, bookingReference, newOfferID string) (Booking, error) {
	return Booking{}, errNotImplemented
}

// SelectSeat picks a seat on a flight of a booking.
//
// Parameters:
//   - booking_reference: the booking's reference.
//   - flight_number: the flight of the booking.
//   - seat pattern=^[0-9]{1,2}[A-K]$: the seat, "14C".
//
//toolgen:tool idempotent openworld
func SelectSeat(ctx context.Context, bookingReference, flightNumber, seat string) error {
	return errNotImplemented
}

// CheckInForFlight checks travelers in online and returns their boarding
// passes.
//
// Parameters:
//   - booking_reference: the booking's reference.
//   - family_name: the lead traveler's family name.
//
//toolgen:tool openworld
func CheckInForFlight(ctx context.Context, bookingReference, familyName string) ([]string, error) {
	return nil, errNotImplemented
}

// CreateFareAlert watches a route's fares and notifies you when the price
// drops below a target.
//
// Parameters:
//   - origin pattern=^[A-Z]{3}$: the departure airport.
//   - destination pattern=^[A-Z]{3}$: the arrival airport.
//   - depart_date: the travel date.
//   - target_price: notify below this price.
//
//toolgen:tool
func CreateFareAlert(ctx context.Context, origin, destination string, departDate time.Time, targetPrice float64) (string, error) {
	return "", errNotImplemented
}

// FindNearbyAirports lists the airports near a city or point, with distances.
//
// Parameters:
//   - near: a city or address.
//   - radius_km min=1,max=500: how far to look.
//
//toolgen:tool readonly idempotent
func FindNearbyAirports(ctx context.Context, near string, radiusKm int) ([]Place, error) {
	return nil, errNotImplemented
}

// SearchHotels finds available hotel rooms near a place for given dates.
//
//toolgen:tool readonly idempotent openworld
func SearchHotels(ctx context.Context, in HotelSearch) ([]HotelOffer, error) {
	return nil, errNotImplemented
}

// BookHotel reserves a hotel room offer.
//
// Parameters:
//   - offer_id: the offer, from SearchHotels.
//   - guest_name: the name on the reservation.
//   - special_requests: "late arrival", "high floor"...
//
//toolgen:tool requires_approval openworld
func BookHotel(ctx context.Context, offerID, guestName string, specialRequests *string) (Booking, error) {
	return Booking{}, errNotImplemented
}

// CancelHotelReservation cancels a hotel booking, with the refund due under
// its cancellation policy.
//
// Parameters:
//   - booking_reference: the hotel's confirmation number.
//
//toolgen:tool destructive openworld
func CancelHotelReservation(ctx context.Context, bookingReference string) (string, error) {
	return "", errNotImplemented
}

// SearchRentalCars finds rental cars available at a pickup place and time.
//
// Parameters:
//   - pickup: an airport code or address.
//   - pickup_at: when to pick the car up.
//   - dropoff_at: when to return it.
//   - dropoff: where to return it; the pickup place when absent.
//   - car_class: the category of car.
//
//toolgen:tool readonly idempotent openworld
func SearchRentalCars(ctx context.Context, pickup string, pickupAt, dropoffAt time.Time, dropoff *string, carClass *CarClass) ([]Booking, error) {
	return nil, errNotImplemented
}

// BookRentalCar reserves a rental car offer.
//
// Parameters:
//   - offer_id: the offer, from SearchRentalCars.
//   - driver_name: the main driver.
//   - insurance: add full collision and theft cover.
//
//toolgen:tool requires_approval openworld
func BookRentalCar(ctx context.Context, offerID, driverName string, insurance bool) (Booking, error) {
	return Booking{}, errNotImplemented
}

// RequestRide orders a ride-hailing car from a pickup point to a destination,
// now or at a scheduled time.
//
// Parameters:
//   - pickup: the pickup address or place.
//   - destination: where to go.
//   - ride_type: the kind of car.
//   - scheduled_at: when to be picked up; now when absent.
//
//toolgen:tool requires_approval openworld
func RequestRide(ctx context.Context, pickup, destination string, rideType RideType, scheduledAt *time.Time) (Booking, error) {
	return Booking{}, errNotImplemented
}

// CancelTripBooking cancels a flight, rail or car booking of a trip.
//
// Parameters:
//   - booking_reference: the booking's reference.
//   - reason: why, for the travel manager.
//
//toolgen:tool destructive requires_approval openworld
func CancelTripBooking(ctx context.Context, bookingReference string, reason *string) (string, error) {
	return "", errNotImplemented
}

// ListTrips lists your trips with their bookings.
//
// Parameters:
//   - upcoming_only: only trips that have not ended.
//
//toolgen:tool readonly idempotent
func ListTrips(ctx context.Context, upcomingOnly bool) ([]string, error) {
	return nil, errNotImplemented
}

// GetTripItinerary returns a trip's flights, hotels, cars and rides in order,
// with confirmation numbers.
//
// Parameters:
//   - trip_id: the trip.
//
//toolgen:tool readonly idempotent
func GetTripItinerary(ctx context.Context, tripID string) ([]Booking, error) {
	return nil, errNotImplemented
}

// CheckTravelPolicyCompliance checks a flight, hotel or car offer against the
// company's travel policy and says which rules it breaks.
//
// Parameters:
//   - offer_id: the offer.
//
//toolgen:tool readonly idempotent
func CheckTravelPolicyCompliance(ctx context.Context, offerID string) (string, error) {
	return "", errNotImplemented
}

// AddLoyaltyProgram saves a frequent-flyer, hotel or car-rental loyalty number
// to your traveler profile.
//
// Parameters:
//   - program: the program, "Miles & More" or "Marriott Bonvoy".
//   - number: the membership number.
//
//toolgen:tool idempotent
func AddLoyaltyProgram(ctx context.Context, program, number string) error {
	return errNotImplemented
}

// GetVisaRequirements says whether a citizen of one country needs a visa or
// an electronic authorization to enter another.
//
// Parameters:
//   - citizenship pattern=^[A-Z]{2}$: the passport's country.
//   - destination pattern=^[A-Z]{2}$: the country visited.
//   - business: the trip is for business rather than tourism.
//
//toolgen:tool readonly idempotent openworld
func GetVisaRequirements(ctx context.Context, citizenship, destination string, business bool) (string, error) {
	return "", errNotImplemented
}

// GetTravelAdvisory returns the government's safety advisory level and notes
// for a country.
//
// Parameters:
//   - country pattern=^[A-Z]{2}$: the country.
//
//toolgen:tool readonly idempotent openworld
func GetTravelAdvisory(ctx context.Context, country string) (string, error) {
	return "", errNotImplemented
}

// ConvertCurrency converts an amount between currencies at today's rate.
//
// Parameters:
//   - amount: the amount.
//   - from pattern=^[A-Z]{3}$: the currency it is in.
//   - to pattern=^[A-Z]{3}$: the currency to convert to.
//
//toolgen:tool readonly idempotent openworld
func ConvertCurrency(ctx context.Context, amount float64, from, to string) (float64, error) {
	return 0, errNotImplemented
}

// GetDestinationWeather returns the weather forecast for a destination on the
// dates of a trip.
//
// Parameters:
//   - city: the city.
//   - from: the first day.
//   - to: the last day.
//
//toolgen:tool readonly idempotent openworld
func GetDestinationWeather(ctx context.Context, city string, from, to time.Time) (string, error) {
	return "", errNotImplemented
}

// GetDirections returns routes from an origin to a destination, with distance,
// duration and turn-by-turn steps.
//
// Parameters:
//   - origin: an address, place or "lat,lng".
//   - destination: an address, place or "lat,lng".
//   - mode: how to travel.
//   - depart_at: the departure time, for traffic and timetables; now when absent.
//   - avoid: kinds of road to avoid.
//
//toolgen:tool readonly idempotent openworld
func GetDirections(ctx context.Context, origin, destination string, mode TravelMode, departAt *time.Time, avoid []Avoid) ([]Route, error) {
	return nil, errNotImplemented
}

// GetDistanceMatrix returns the travel time and distance between each origin
// and each destination.
//
// Parameters:
//   - origins: addresses or places.
//   - destinations: addresses or places.
//   - mode: how to travel.
//
//toolgen:tool readonly idempotent openworld
func GetDistanceMatrix(ctx context.Context, origins, destinations []string, mode TravelMode) ([][]Route, error) {
	return nil, errNotImplemented
}

// OptimizeMultiStopRoute orders a list of stops into the shortest route.
//
// Parameters:
//   - start: where the route starts.
//   - stops minItems=2: the places to visit.
//   - return_to_start: end where it started.
//   - mode: how to travel.
//
//toolgen:tool readonly idempotent openworld
func OptimizeMultiStopRoute(ctx context.Context, start string, stops []string, returnToStart bool, mode TravelMode) (Route, error) {
	return Route{}, errNotImplemented
}

// GetLiveTraffic returns current traffic conditions, incidents and closures on
// a road or in an area.
//
// Parameters:
//   - area: a road, "I-880 northbound", or an area, "downtown Oakland".
//
//toolgen:tool readonly openworld
func GetLiveTraffic(ctx context.Context, area string) (string, error) {
	return "", errNotImplemented
}

// GetTransitDepartures returns the next departures of buses, trams, trains
// or subways from a stop.
//
// Parameters:
//   - stop: the stop's name or id.
//   - line: only this line.
//   - limit min=1,max=50: how many departures.
//
//toolgen:tool readonly openworld
func GetTransitDepartures(ctx context.Context, stop string, line *string, limit int) ([]string, error) {
	return nil, errNotImplemented
}

// GeocodeAddress turns an address into coordinates.
//
// Parameters:
//   - address: the address.
//
//toolgen:tool readonly idempotent openworld
func GeocodeAddress(ctx context.Context, address string) (Location, error) {
	return Location{}, errNotImplemented
}

// ReverseGeocode turns coordinates into the nearest street address.
//
// Parameters:
//   - location: the point.
//
//toolgen:tool readonly idempotent openworld
func ReverseGeocode(ctx context.Context, location Location) (string, error) {
	return "", errNotImplemented
}

// GetLocationTimeZone returns the time zone and current local time at a point.
//
// Parameters:
//   - location: the point.
//
//toolgen:tool readonly idempotent openworld
func GetLocationTimeZone(ctx context.Context, location Location) (string, error) {
	return "", errNotImplemented
}

// GetElevation returns the height above sea level of points.
//
// Parameters:
//   - locations: the points.
//
//toolgen:tool readonly idempotent openworld
func GetElevation(ctx context.Context, locations []Location) ([]float64, error) {
	return nil, errNotImplemented
}

// SearchNearbyPlaces finds businesses and points of interest near a place.
//
// Parameters:
//   - query: what to look for, "ramen" or "24 hour pharmacy".
//   - near: an address, place or "lat,lng".
//   - place_type: only this category.
//   - radius_meters min=50,max=50000: how far to look.
//   - open_now: only places open now.
//
//toolgen:tool readonly idempotent openworld
func SearchNearbyPlaces(ctx context.Context, query *string, near string, placeType *PlaceType, radiusMeters int, openNow bool) ([]Place, error) {
	return nil, errNotImplemented
}

// GetPlaceDetails returns a place's address, phone number, opening hours,
// rating and website.
//
// Parameters:
//   - place_id: the place.
//
//toolgen:tool readonly idempotent openworld
func GetPlaceDetails(ctx context.Context, placeID string) (Place, error) {
	return Place{}, errNotImplemented
}

// ListPlaceReviews returns the most relevant visitor reviews of a place.
//
// Parameters:
//   - place_id: the place.
//   - newest_first: sort by date instead of relevance.
//
//toolgen:tool readonly idempotent openworld
func ListPlaceReviews(ctx context.Context, placeID string, newestFirst bool) ([]string, error) {
	return nil, errNotImplemented
}

// ReserveRestaurantTable books a table at a restaurant.
//
// Parameters:
//   - place_id: the restaurant.
//   - party_size min=1,max=20: how many people.
//   - at: the time.
//   - name: the name for the reservation.
//   - phone: a phone number for the restaurant to call.
//
//toolgen:tool requires_approval openworld
func ReserveRestaurantTable(ctx context.Context, placeID string, partySize int, at time.Time, name string, phone *string) (Booking, error) {
	return Booking{}, errNotImplemented
}

// SavePlaceToList saves a place to one of your lists, such as "Want to go".
//
// Parameters:
//   - place_id: the place.
//   - list: the list's name.
//
//toolgen:tool idempotent
func SavePlaceToList(ctx context.Context, placeID, list string) error {
	return errNotImplemented
}

// RenderStaticMap returns the address of a map image centered on a place, with
// markers.
//
// Parameters:
//   - center: an address, place or "lat,lng".
//   - zoom min=1,max=20: 1 shows the world, 15 streets.
//   - markers: places to mark.
//
//toolgen:tool readonly idempotent
func RenderStaticMap(ctx context.Context, center string, zoom int, markers []string) (string, error) {
	return "", errNotImplemented
}

// ShareLiveLocation shares your real-time location with a person for a while.
//
// Parameters:
//   - email: the person.
//   - minutes min=15,max=1440: how long.
//
//toolgen:tool requires_approval
func ShareLiveLocation(ctx context.Context, email string, minutes int) (string, error) {
	return "", errNotImplemented
}

// CreateGeofence defines a circular area that triggers a notification when a
// tracked device enters or leaves it.
//
// Parameters:
//   - name: the area's name, "Warehouse 3".
//   - center: the center.
//   - radius_meters min=50,max=50000: the radius.
//
//toolgen:tool
func CreateGeofence(ctx context.Context, name string, center Location, radiusMeters int) (string, error) {
	return "", errNotImplemented
}
