module example.com/lincheck

go 1.26.0

require github.com/vtbound/vtbound v0.0.0

// The test copies this module and points the replace at the checkout.
replace github.com/vtbound/vtbound => ../../..
