// scenario: GraphSAGE mean aggregation over an edge list that is compressed to int32 for small graphs; index_select, index_add_ and bincount all accept int32 indices
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <utility>
#include <vector>

namespace {

struct Graph {
  int64_t num_nodes = 0;
  std::vector<std::pair<int64_t, int64_t>> edges; // (src, dst)
};

Graph ringWithChords(int64_t n) {
  Graph g;
  g.num_nodes = n;
  for (int64_t i = 0; i < n; ++i) {
    g.edges.emplace_back(i, (i + 1) % n);
    g.edges.emplace_back((i + 1) % n, i);
    if (i % 3 == 0)
      g.edges.emplace_back(i, (i + n / 2) % n);
  }
  return g;
}

} // namespace

int main() {
  torch::manual_seed(11);
  Graph g = ringWithChords(24);
  const int64_t num_edges = static_cast<int64_t>(g.edges.size());
  const int64_t in_dim = 8, hidden = 16, num_layers = 2;

  std::vector<int64_t> flat;
  flat.reserve(2 * num_edges);
  for (const auto &e : g.edges)
    flat.push_back(e.first);
  for (const auto &e : g.edges)
    flat.push_back(e.second);
  torch::Tensor edge_index = torch::tensor(flat).view({2, num_edges});
  if (g.num_nodes < (int64_t{1} << 31))
    edge_index = edge_index.to(torch::kInt32); // compact storage for small graphs

  torch::Tensor src = edge_index[0];
  torch::Tensor dst = edge_index[1];

  // In-degree per node for the mean; isolated nodes keep a zero aggregate.
  torch::Tensor deg = torch::bincount(dst, {}, g.num_nodes);
  torch::Tensor isolated = deg == 0;
  torch::Tensor safe_deg = deg.clamp_min(1).unsqueeze(1);

  std::vector<torch::nn::Linear> self_lin, neigh_lin;
  int64_t dim = in_dim;
  for (int64_t l = 0; l < num_layers; ++l) {
    self_lin.emplace_back(dim, hidden);
    neigh_lin.emplace_back(dim, hidden);
    dim = hidden;
  }

  torch::Tensor h = torch::randn({g.num_nodes, in_dim});
  for (int64_t l = 0; l < num_layers; ++l) {
    torch::Tensor messages = h.index_select(0, src);
    torch::Tensor agg = torch::zeros({g.num_nodes, h.size(1)});
    agg.index_add_(0, dst, messages);
    agg = (agg / safe_deg).masked_fill(isolated.unsqueeze(1), 0.0);
    h = self_lin[l]->forward(h) + neigh_lin[l]->forward(agg);
    if (l + 1 < num_layers)
      h = torch::relu(h);
    h = torch::nn::functional::normalize(h, torch::nn::functional::NormalizeFuncOptions().dim(1));
  }

  // Link scores for the observed edges.
  torch::Tensor scores = (h.index_select(0, src) * h.index_select(0, dst)).sum(1);
  std::cout << "mean edge score " << scores.mean().item<float>() << " over " << num_edges
            << " edges, index dtype " << edge_index.scalar_type() << "\n";
  return 0;
}
