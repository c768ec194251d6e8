// scenario: a retrieval job reads EMBED_PRECISION from the environment, defaults to double for the query encoder, and scores against a float32 index
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>
#include <string>

std::string env_or(const char *name, const std::string &fallback) {
  const char *v = std::getenv(name);
  return v ? std::string(v) : fallback;
}

int main() {
  torch::manual_seed(0);
  const std::string precision = env_or("EMBED_PRECISION", "double");
  const int64_t top_k = std::stoll(env_or("RETRIEVAL_TOP_K", "5"));

  // The document index was built offline and is always stored in float32.
  auto index = torch::nn::functional::normalize(torch::randn({200, 64}),
      torch::nn::functional::NormalizeFuncOptions().dim(1));

  auto queries = torch::randn({8, 64});
  if (precision == "double") {
    queries = queries.to(torch::kDouble);
  } else if (precision == "half") {
    queries = queries.to(torch::kHalf);
  }
  queries = queries / queries.norm(2, 1, true);

  auto sims = torch::matmul(queries, index.t()); // BUG
  auto hits = std::get<1>(sims.topk(top_k, 1));
  std::cout << "top hits for query 0: " << hits[0] << "\n";
  return 0;
}
