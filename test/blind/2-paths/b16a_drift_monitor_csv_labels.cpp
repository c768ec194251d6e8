// scenario: a drift monitor scores the deployed intent classifier on labelled production shards; shards exported by the legacy CSV tool are parsed into int32 labels, and on that path the targets reach cross_entropy as Int
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

struct Shard {
  std::string name;
  std::string format; // "tensor" (labelling tool v2) or "csv" (legacy export)
  std::vector<float> features; // row-major [rows, dim]
  std::vector<int64_t> labels;  // filled for "tensor" shards
  std::string csvLabels;        // filled for "csv" shards
};

std::vector<int32_t> parseCsvInts(const std::string &text) {
  std::vector<int32_t> out;
  std::stringstream ss(text);
  std::string cell;
  while (std::getline(ss, cell, ','))
    out.push_back(static_cast<int32_t>(std::stoi(cell)));
  return out;
}

Shard loadShard(const std::string &name, const std::string &format, int64_t rows,
                int64_t dim, int64_t numIntents) {
  Shard shard{name, format, {}, {}, {}};
  shard.features.resize(rows * dim);
  for (int64_t i = 0; i < rows * dim; ++i)
    shard.features[i] = static_cast<float>((i * 37) % 17) / 17.0f - 0.5f;
  for (int64_t r = 0; r < rows; ++r) {
    int64_t label = (r * 5 + 3) % numIntents;
    if (format == "csv")
      shard.csvLabels += (r ? "," : "") + std::to_string(label);
    else
      shard.labels.push_back(label);
  }
  return shard;
}

int main() {
  const int64_t dim = 16, numIntents = 6;
  torch::manual_seed(0);
  torch::nn::Sequential model(torch::nn::Linear(dim, 32), torch::nn::ReLU(),
                              torch::nn::Linear(32, numIntents));
  model->eval();
  torch::NoGradGuard noGrad;

  std::vector<Shard> shards = {loadShard("2024-05-01", "tensor", 8, dim, numIntents),
                               loadShard("2024-04-30-legacy", "csv", 8, dim, numIntents)};
  double totalLoss = 0.0;
  int64_t totalRows = 0;
  for (auto &shard : shards) {
    const int64_t rows = static_cast<int64_t>(shard.features.size()) / dim;
    auto x = torch::from_blob(shard.features.data(), {rows, dim}, torch::kFloat);
    std::vector<int32_t> parsed;
    torch::Tensor targets;
    if (shard.format == "csv") {
      parsed = parseCsvInts(shard.csvLabels);
      targets = torch::from_blob(parsed.data(), {rows}, torch::kInt32);
    } else {
      targets = torch::from_blob(shard.labels.data(), {rows}, torch::kInt64);
    }
    auto logits = model->forward(x);
    auto loss = torch::nn::functional::cross_entropy(logits, targets); // BUG
    totalLoss += loss.item<double>() * rows;
    totalRows += rows;
    std::cout << shard.name << ": loss " << loss.item<double>() << "\n";
  }
  std::cout << "mean loss " << totalLoss / totalRows << "\n";
  return 0;
}
