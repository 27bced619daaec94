module example.com/b

go 1.26

require (
	example.com/dep v0.0.0
	github.com/vtbound/vtbound v0.0.0
)

replace example.com/dep => ../dep

// The test copies this module and points the replace at the checkout.
replace github.com/vtbound/vtbound => ../../../..
