// scenario: a nearest-centroid classifier picks its similarity with a switch; the default euclidean case promotes the queries to float64 before cdist against float32 centroids
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>
#include <string>

enum class Similarity { Dot, Cosine, Euclidean };

Similarity parse_similarity(const std::string &s) {
  if (s == "dot") return Similarity::Dot;
  if (s == "cosine") return Similarity::Cosine;
  return Similarity::Euclidean;
}

int main(int argc, char **argv) {
  torch::manual_seed(0);
  const Similarity sim = parse_similarity(argc > 1 ? argv[1] : "euclidean");
  auto centroids = torch::randn({6, 20});
  auto queries = torch::randn({10, 20});

  torch::Tensor scores;
  switch (sim) {
  case Similarity::Dot:
    scores = torch::mm(queries, centroids.t());
    break;
  case Similarity::Cosine:
    scores = torch::cosine_similarity(queries.unsqueeze(1), centroids.unsqueeze(0), 2);
    break;
  case Similarity::Euclidean: {
    auto q = queries.to(torch::kDouble); // distances of near-duplicates cancel badly in float32
    scores = -torch::cdist(q, centroids); // BUG
    break;
  }
  }
  std::cout << "assigned centroids: " << scores.argmax(1) << "\n";
  return 0;
}
