//! Differential tests against parry3d's TriMesh (placeholder, filled below).
