// scenario: a GCN layer whose cached symmetric degree normalisation is computed in double from integer counts, then scattered into float node features
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (Double) must have the same scalar type
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

struct EdgeList {
  torch::Tensor src; // int64 [E]
  torch::Tensor dst; // int64 [E]
  int64_t num_nodes;
};

EdgeList withSelfLoops(const torch::Tensor &edge_index, int64_t num_nodes) {
  torch::Tensor loops = torch::arange(num_nodes, torch::kLong);
  return {torch::cat({edge_index[0], loops}), torch::cat({edge_index[1], loops}), num_nodes};
}

// D^{-1/2} A D^{-1/2} edge weights. Degrees are integer counts; the inverse
// square root is taken in double so large hubs do not lose precision.
torch::Tensor symmetricNorm(const EdgeList &edges) {
  torch::Tensor deg = torch::bincount(edges.dst, {}, edges.num_nodes);
  torch::Tensor deg_inv_sqrt = deg.to(torch::kDouble).pow(-0.5);
  deg_inv_sqrt.masked_fill_(deg == 0, 0.0);
  return deg_inv_sqrt.index_select(0, edges.src) * deg_inv_sqrt.index_select(0, edges.dst);
}

class NormCache {
public:
  const torch::Tensor &get(const std::string &graph_id, const EdgeList &edges) {
    auto it = cache_.find(graph_id);
    if (it == cache_.end())
      it = cache_.emplace(graph_id, symmetricNorm(edges)).first;
    return it->second;
  }

private:
  std::unordered_map<std::string, torch::Tensor> cache_;
};

torch::Tensor propagate(const torch::Tensor &x, const EdgeList &edges, const torch::Tensor &norm) {
  torch::Tensor messages = x.index_select(0, edges.src) * norm.unsqueeze(1);
  torch::Tensor out = torch::zeros_like(x);
  out.index_add_(0, edges.dst, messages); // BUG
  return out;
}

torch::Tensor gcnLayer(const torch::Tensor &x, const EdgeList &edges, const torch::Tensor &norm,
                       torch::nn::Linear &lin, bool last) {
  torch::Tensor h = propagate(lin->forward(x), edges, norm);
  return last ? h : torch::relu(h);
}

} // namespace

int main() {
  torch::manual_seed(5);
  const int64_t num_nodes = 10, in_dim = 6, hidden = 8, num_classes = 3;
  std::vector<int64_t> src = {0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 2};
  std::vector<int64_t> dst = {1, 0, 2, 1, 4, 3, 6, 5, 8, 7, 0, 9};
  torch::Tensor edge_index = torch::stack({torch::tensor(src), torch::tensor(dst)});
  EdgeList edges = withSelfLoops(edge_index, num_nodes);

  NormCache norms;
  torch::nn::Linear lin1(in_dim, hidden), lin2(hidden, num_classes);
  torch::Tensor x = torch::randn({num_nodes, in_dim});
  torch::Tensor labels = torch::randint(0, num_classes, {num_nodes});
  torch::Tensor train_mask = torch::arange(num_nodes) < 6;

  const torch::Tensor &norm = norms.get("karate-mini", edges);
  torch::Tensor h = gcnLayer(x, edges, norm, lin1, /*last=*/false);
  torch::Tensor logits = gcnLayer(h, edges, norm, lin2, /*last=*/true);
  torch::Tensor loss = torch::cross_entropy_loss(logits.index({train_mask}), labels.index({train_mask}));
  std::cout << "train loss " << loss.item<float>() << "\n";
  return 0;
}
