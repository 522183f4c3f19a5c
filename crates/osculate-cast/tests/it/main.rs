//! Integration tests of osculate-cast.

mod watertight;
