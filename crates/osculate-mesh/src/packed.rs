//! A mesh's triangles stored as packets of [`LANES`] in structure-of-arrays form, so that a ray
//! tests a leaf's triangles eight at a time ([`WatertightRay::cast_packet`]) with its
//! permutation and shear shared, while every answer stays the per-triangle test's to the bit.

use alloc::vec;
use alloc::vec::Vec;

use osculate_cast::{Culling, LANES, TrianglePacket, WatertightRay};
use osculate_math::{Real, Triangle};

use crate::bvh::{Bvh, Child};

/// The triangles in packets. Slot `s` lies in lane `s % LANES` of packet `packet[s]`: a run of
/// at most [`LANES`] consecutive slots occupies distinct lanes, so each leaf of at most eight
/// triangles lies in one packet (a larger leaf, made by the depth cap, in one packet per eight
/// slots). Leaves are packed in slot order, a leaf sharing the previous one's packet when their
/// lanes are free: most packets hold a leaf and part of the next, so the padding stays small.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Packed<T: Real> {
    packets: Vec<TrianglePacket<T>>,
    /// Per slot: the packet holding its triangle.
    packet: Vec<u32>,
}

/// The lanes of slots `run` (at most [`LANES`] consecutive slots) as a bit mask.
#[inline]
fn lane_mask(run: core::ops::Range<usize>) -> u32 {
    run.fold(0, |m, s| m | 1 << (s % LANES))
}

impl<T: Real> Packed<T> {
    /// Packs `corners` (slot order) along the leaves of `bvh`. `None` when the packets
    /// outnumber `u32` (they never outnumber the triangles, which fit).
    pub(crate) fn new(bvh: &Bvh, corners: &[Triangle<T>]) -> Option<Self> {
        // The leaves in slot order: every slot lies in exactly one leaf.
        let mut leaves: Vec<Child> = bvh
            .nodes
            .iter()
            .flat_map(|n| (0..4).filter(|&l| n.used(l)).map(|l| n.child(l)))
            .filter(Child::is_leaf)
            .collect();
        leaves.sort_unstable_by_key(|c| c.start);
        let mut packets: Vec<TrianglePacket<T>> = Vec::new();
        let mut packet = vec![0_u32; corners.len()];
        // The lanes taken in the last packet (all taken before the first).
        let mut taken = u32::MAX;
        for leaf in leaves {
            let slots = leaf.slots();
            for run in slots.clone().step_by(LANES).map(|s| s..(s + LANES).min(slots.end)) {
                let mask = lane_mask(run.clone());
                if taken & mask != 0 {
                    packets.push(TrianglePacket::empty());
                    taken = 0;
                }
                taken |= mask;
                let index = u32::try_from(packets.len().checked_sub(1)?).ok()?;
                let p = packets.last_mut()?;
                for s in run {
                    p.set(s % LANES, corners.get(s)?);
                    *packet.get_mut(s)? = index;
                }
            }
        }
        packets.shrink_to_fit();
        Some(Self { packets, packet })
    }

    /// The bytes of heap memory held.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.packets.capacity() * size_of::<TrianglePacket<T>>()
            + self.packet.capacity() * size_of::<u32>()
    }

    /// The number of triangles.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.packet.len()
    }

    /// The packet holding slot `s`.
    #[inline(always)]
    fn packet_of(&self, s: usize) -> Option<&TrianglePacket<T>> {
        self.packets.get(*self.packet.get(s)? as usize)
    }

    /// The triangle in slot `s`.
    #[inline(always)]
    pub(crate) fn triangle(&self, s: usize) -> Option<Triangle<T>> {
        self.packet_of(s)?.get(s % LANES)
    }

    /// The nearest hit among the triangles of `leaf`, as the per-slot loop of the best-first
    /// search finds it: each slot's parameter by `ray.with_max_t(best).cast_t` with the best
    /// parameter so far, replacing the best when smaller (or when not above it, before any
    /// winner: `found` says whether the search has one). `Some((slot, t))` when the leaf
    /// improves the best.
    ///
    /// Each packet is tested at once with the best at its start; a lane's answer is then the
    /// per-slot one until the best changes. A hit after a change within the packet (two hits
    /// in one leaf, the later nearer: rare) is tested again by the per-triangle test with the
    /// new best, whose scaled range test may reject a parameter the packet's wider bound let
    /// through.
    #[inline(always)]
    pub(crate) fn leaf_nearest(
        &self,
        ray: &WatertightRay<T>,
        culling: Culling,
        leaf: Child,
        mut best: T,
        found: bool,
    ) -> Option<(usize, T)> {
        let mut winner = None;
        let slots = leaf.slots();
        for start in slots.clone().step_by(LANES) {
            let Some(p) = self.packet_of(start) else { continue };
            let t = ray.with_max_t(best).cast_packet(p, culling);
            let mut exact = true;
            for s in start..(start + LANES).min(slots.end) {
                let lane = s % LANES;
                let Some(&v) = t.get(lane) else { continue };
                if !(v < T::INFINITY) {
                    continue;
                }
                let v = if exact {
                    v
                } else if v < best {
                    let tri = p.get(lane);
                    match tri.and_then(|tri| ray.with_max_t(best).cast_t(&tri, culling)) {
                        Some(v) => v,
                        None => continue,
                    }
                } else {
                    continue;
                };
                if v < best || (!found && winner.is_none() && v <= best) {
                    best = v;
                    winner = Some(s);
                    exact = false;
                }
            }
        }
        winner.map(|s| (s, best))
    }

    /// Whether `ray` hits a triangle of `leaf` (each by `ray.hits`).
    #[inline(always)]
    pub(crate) fn leaf_hits(&self, ray: &WatertightRay<T>, culling: Culling, leaf: Child) -> bool {
        let slots = leaf.slots();
        slots.clone().step_by(LANES).any(|start| {
            let run = start..(start + LANES).min(slots.end);
            let mask = lane_mask(run.clone());
            self.packet_of(start).is_some_and(|p| {
                let t = ray.cast_packet(p, culling);
                (0..LANES).any(|l| mask >> l & 1 == 1 && t[l] < T::INFINITY)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use osculate_cast::{Culling, WatertightRay};
    use osculate_math::{Point3, Ray, Real, Vector3};
    use osculate_testing::Rng;
    use quickcheck::{QuickCheck, TestResult};

    use crate::{MeshOptions, TriangleMesh};

    fn run(prop: fn(u64) -> TestResult) {
        let n = osculate_testing::cases(200).min(5_000);
        QuickCheck::new().tests(n).max_tests(n * 10).quickcheck(prop);
    }

    osculate_testing::for_f32_and_f64!(run: packets_match_the_per_triangle_test);

    /// A coordinate for the rays: mostly ordinary, sometimes zero, NaN or infinite.
    fn coordinate<T: Real>(rng: &mut Rng, lo: f64, hi: f64) -> T {
        let x = rng.range(lo, hi);
        match rng.index(40) {
            0 => T::NAN,
            1 => T::INFINITY,
            2 => T::NEG_INFINITY,
            3 | 4 => T::ZERO,
            _ => T::lit(x),
        }
    }

    /// A soup over a small grid of vertices (shared corners, exact ties between triangles at
    /// equal parameters, collapsed and repeated-index triangles), with leaves of up to 3, 8 or
    /// 13 triangles (packets shared by leaves, leaves over two packets).
    fn soup<T: Real>(rng: &mut Rng) -> TriangleMesh<T> {
        let k = 2 + rng.index(3);
        let mut vertices = Vec::new();
        for x in 0..k {
            for y in 0..k {
                for z in 0..k {
                    let p = [x, y, z].map(|i| T::lit(i as f64 + rng.range(-0.3, 0.3)));
                    vertices.push(Point3::new(p[0], p[1], p[2]));
                }
            }
        }
        // Collinear corners: a collapsed triangle.
        let (a, b) = (vertices[0], vertices[vertices.len() - 1]);
        vertices.push(Point3::from((a.coords + b.coords) * T::lit(0.5)));
        let n = vertices.len() as u32;
        let mut triangles: Vec<[u32; 3]> = (0..10 + rng.index(60))
            .map(|_| core::array::from_fn(|_| rng.index(n as usize) as u32))
            .collect();
        triangles.push([0, n - 2, n - 1]);
        triangles.push([1, 1, 2]);
        let copies = rng.index(4);
        for i in 0..copies {
            // Duplicates and a reversed copy: equal parameters on different triangles.
            let t = triangles[i];
            triangles.push(t);
            triangles.push([t[0], t[2], t[1]]);
        }
        let leaf_triangles = [3, 8, 13][rng.index(3)];
        let options = MeshOptions { leaf_triangles, ..MeshOptions::default() };
        match TriangleMesh::try_with_options(vertices, triangles, &options) {
            Ok(m) => m,
            Err(e) => panic!("{e:?}"),
        }
    }

    /// The packed leaf tests against the per-triangle ones: for every leaf, from several bests
    /// (with and without a winner), `leaf_nearest` is the per-slot loop of the best-first search
    /// over `cast_t` to the bit (slot and parameter), and `leaf_hits` is `hits` on some slot; and
    /// `ray_mesh` is that search run slot by slot. Rays include NaN, infinite and zero
    /// coordinates, zero, negative, NaN and infinite `max_t`.
    fn packets_match_the_per_triangle_test<T: Real>(seed: u64) -> TestResult {
        let mut rng = Rng::new(seed);
        let mesh = soup::<T>(&mut rng);
        let leaves: Vec<_> = mesh
            .bvh
            .nodes
            .iter()
            .flat_map(|n| (0..4).filter(|&l| n.used(l)).map(|l| n.child(l)))
            .filter(|c| c.is_leaf())
            .collect();
        let mut hits = 0;
        for _ in 0..16 {
            let o = [0; 3].map(|_| coordinate::<T>(&mut rng, -1.0, 4.0));
            let mut d = [0; 3].map(|_| coordinate::<T>(&mut rng, -1.0, 1.0));
            if rng.chance(0.5) {
                // Aimed at a corner, an edge's midpoint or the centroid of a triangle.
                let Some((_, t)) = mesh.triangles().nth(rng.index(mesh.triangle_count())) else {
                    continue;
                };
                let w = [[1.0, 0.0, 0.0], [0.5, 0.5, 0.0], [1.0 / 3.0; 3]][rng.index(3)];
                let aim = t.a.coords * T::lit(w[0])
                    + t.b.coords * T::lit(w[1])
                    + t.c.coords * T::lit(w[2]);
                d = core::array::from_fn(|i| aim[i] - o[i]);
            }
            let max_t = match rng.index(8) {
                0 => T::NAN,
                1 => -T::ONE,
                2 => T::ZERO,
                3 | 4 => T::lit(rng.range(0.0, 5.0)),
                _ => T::INFINITY,
            };
            let ray = Ray { origin: Point3::from(o), direction: Vector3::from(d), max_t };
            let prepared = WatertightRay::new(&ray);
            for culling in [Culling::TwoSided, Culling::FrontOnly] {
                for &leaf in &leaves {
                    let slot_hits = leaf
                        .slots()
                        .any(|s| mesh.slot_triangle(s).is_some_and(|t| prepared.hits(&t, culling)));
                    hits += usize::from(slot_hits);
                    assert_eq!(mesh.packed.leaf_hits(&prepared, culling, leaf), slot_hits);
                    let finite: Vec<T> = leaf
                        .slots()
                        .filter_map(|s| prepared.cast_t(&mesh.slot_triangle(s)?, culling))
                        .collect();
                    let bests = [max_t, T::INFINITY]
                        .into_iter()
                        .chain(finite.iter().copied())
                        .chain(finite.iter().map(|&t| t * T::lit(1.0 + 1e-3)));
                    for best in bests {
                        for found in [false, true] {
                            let (mut b, mut winner) = (best, None);
                            for s in leaf.slots() {
                                let Some(t) = mesh.slot_triangle(s) else { continue };
                                if let Some(v) = prepared.with_max_t(b).cast_t(&t, culling)
                                    && (v < b || (!found && winner.is_none() && v <= b))
                                {
                                    b = v;
                                    winner = Some(s);
                                }
                            }
                            let want = winner.map(|s| (s, b.to_f64().to_bits()));
                            let got = mesh
                                .packed
                                .leaf_nearest(&prepared, culling, leaf, best, found)
                                .map(|(s, t)| (s, t.to_f64().to_bits()));
                            assert_eq!(got, want, "{ray:?} {culling:?} {leaf:?} {best:?} {found}");
                        }
                    }
                }
                let slot_by_slot = crate::ray::valid_ray(&ray).then(|| {
                    let slab = crate::ray::SlabRay::new(&ray);
                    mesh.bvh.best_first_slots(
                        ray.max_t,
                        slab.slack(),
                        |n, best| slab.enter(n, best),
                        |s, best| {
                            prepared.with_max_t(best).cast_t(&mesh.slot_triangle(s)?, culling)
                        },
                    )
                });
                let want =
                    slot_by_slot.flatten().map(|(s, t)| (mesh.bvh.item(s), t.to_f64().to_bits()));
                let got = crate::ray_mesh(&ray, &mesh, culling)
                    .map(|h| (h.triangle, h.hit.t_enter.to_f64().to_bits()));
                assert_eq!(got, want, "{ray:?} {culling:?}");
            }
        }
        // Half the rays aim at a triangle: a case without a hit would test little.
        if hits == 0 { TestResult::discard() } else { TestResult::passed() }
    }
}
