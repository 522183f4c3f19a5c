//! Integration tests of osculate-mesh: the tree and the mesh queries against brute force over
//! every triangle, closed meshes leaking no ray, inside-outside against the winding number,
//! construction errors and non-finite input, and differential tests against parry3d's TriMesh.

mod brute;
mod leaks;
mod meshes;
mod parry;
mod solid;
mod validation;
