// scenario: embedding post-processor running named steps from a registry of std::function, ending in a random projection
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <cmath>
#include <functional>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

using Step = std::function<torch::Tensor(torch::Tensor)>;

std::map<std::string, Step> buildRegistry(const torch::Tensor &projection) {
  std::map<std::string, Step> steps;
  steps["to_f64"] = [](torch::Tensor t) { return t.to(torch::kFloat64); };
  steps["center"] = [](torch::Tensor t) { return t - t.mean(0, /*keepdim=*/true); };
  steps["l2norm"] = [](torch::Tensor t) { return t / t.norm(2, {1}, true).clamp_min(1e-12); };
  steps["project"] = [projection](torch::Tensor t) { return torch::mm(t, projection); }; // BUG
  return steps;
}

torch::Tensor runPipeline(const std::map<std::string, Step> &registry,
                          const std::vector<std::string> &names, torch::Tensor x) {
  for (const auto &name : names) {
    auto it = registry.find(name);
    if (it == registry.end())
      throw std::runtime_error("unknown step: " + name);
    x = it->second(x);
  }
  return x;
}

int main() {
  const int64_t dim = 128;
  const int64_t reducedDim = 16;
  torch::manual_seed(23);

  auto projection = torch::randn({dim, reducedDim}) / std::sqrt(static_cast<double>(reducedDim));
  auto registry = buildRegistry(projection);

  const std::vector<std::string> pipeline = {"to_f64", "center", "l2norm", "project"};
  auto embeddings = torch::randn({40, dim});
  auto reduced = runPipeline(registry, pipeline, embeddings);

  auto before = torch::cdist(embeddings[0].unsqueeze(0), embeddings).squeeze(0);
  auto after = torch::cdist(reduced[0].unsqueeze(0), reduced).squeeze(0);
  std::cout << "reduced to " << reduced.sizes() << ", nearest before "
            << before.argsort()[1].item<int64_t>() << " after "
            << after.argsort()[1].item<int64_t>() << "\n";
  return 0;
}
