//! Properties of the point-against-shape queries.
