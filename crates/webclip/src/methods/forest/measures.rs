//! FOREST's informativeness measures (§3.3) and the COVERAGE baseline's measure (§3.5).
//!
//! `x`, `y`: signifier and other terms in a node's text (with multiplicity); `X`, `Y`: the same
//! for the whole page.

/// Jeffreys' statistical density, eq. (2): the lower end of the ≈70 % interval of eq. (1)
/// around the add-half estimate (x + ½)/(N + 1), clipped at 0.
///
/// The converted text garbles the radicand; `√((x+½)(y+½)/N)` is the reading that reproduces the
/// paper's worked numbers (J(8,20) ≈ J(3,5) ≈ 0.21, J(1,0) ≈ 0.32). `N = 0` gives 0.
pub fn jeffreys(x: f64, y: f64) -> f64 {
    let n = x + y;
    if n <= 0.0 {
        return 0.0;
    }
    ((x + 0.5 - ((x + 0.5) * (y + 0.5) / n).sqrt()) / (n + 1.0)).max(0.0)
}

/// Unexpectedness, eq. (3): U = (x+y)·log(X+Y) − x·log X − y·log Y, with natural logarithms
/// (the paper's "23 bits" and "6 bits" come out in nats). `0·log 0` is taken as 0.
pub fn unexpectedness(x: f64, y: f64, big_x: f64, big_y: f64) -> f64 {
    let xlog = |n: f64, of: f64| if n > 0.0 && of > 0.0 { n * of.ln() } else { 0.0 };
    xlog(x + y, big_x + big_y) - xlog(x, big_x) - xlog(y, big_y)
}

/// Informativeness, eq. (4): I = J × U.
pub fn informativeness(x: f64, y: f64, big_x: f64, big_y: f64) -> f64 {
    jeffreys(x, y) * unexpectedness(x, y, big_x, big_y)
}

/// Coverage, eq. (6): the summed (max-normalised) tf-idf weights of the distinct signifiers in
/// the node, over the page's number of signifiers.
pub fn coverage(present: u64, weights: &[f64]) -> f64 {
    if weights.is_empty() {
        return 0.0;
    }
    let sum: f64 = weights.iter().enumerate().filter(|(i, _)| present >> i & 1 == 1).map(|(_, w)| w).sum();
    sum / weights.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn j_matches_the_papers_examples() {
        // §3.3: J(8, 20) is comparable to J(3, 5); J(1, 0) ≈ 0.32.
        assert!((jeffreys(8.0, 20.0) - 0.207).abs() < 0.005, "{}", jeffreys(8.0, 20.0));
        assert!((jeffreys(3.0, 5.0) - 0.2165).abs() < 0.005, "{}", jeffreys(3.0, 5.0));
        assert!((jeffreys(8.0, 20.0) - jeffreys(3.0, 5.0)).abs() < 0.015);
        assert!((jeffreys(1.0, 0.0) - 0.32).abs() < 0.005, "{}", jeffreys(1.0, 0.0));
        assert_eq!(jeffreys(0.0, 0.0), 0.0);
        assert_eq!(jeffreys(0.0, 50.0), 0.0);
    }

    #[test]
    fn u_matches_the_papers_examples() {
        // §3.3: a page with 20 signifiers and 100 other terms.
        let u1 = unexpectedness(10.0, 26.0, 20.0, 100.0);
        let u2 = unexpectedness(3.0, 1.0, 20.0, 100.0);
        assert!((u1 - 22.7).abs() < 0.05, "{u1}");
        assert!((u2 - 5.6).abs() < 0.05, "{u2}");
        assert!(unexpectedness(0.0, 0.0, 0.0, 0.0).abs() < 1e-12);
    }

    #[test]
    fn coverage_sums_present_weights() {
        let w = [1.0, 0.5, 0.25, 0.25];
        assert!((coverage(0b0011, &w) - 1.5 / 4.0).abs() < 1e-12);
        assert_eq!(coverage(0, &w), 0.0);
        assert_eq!(coverage(1, &[]), 0.0);
    }
}
